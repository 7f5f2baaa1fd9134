// Uploading a picture or video (decision 046): the raw bytes by XMLHttpRequest, which reports upload progress (fetch
// does not), refused before sending when its size is one the server would refuse, in the server's words.
import { FILE_LIMITS, FILE_MESSAGES, FILE_TYPES, kindOf, type TFile } from '#common/schemas/files.ts';
import { ApiError, errorFromBody, unreachableError } from './api-client.ts';

/** What the file input offers: the types the server takes (the server still decides from the bytes). */
export const ACCEPTED_FILES = FILE_TYPES.join(',');

/** The refusal the server would answer, found before sending: an empty file, or one larger than it could take. */
export function refusalOf(file: File): string | null {
  if (file.size === 0) return FILE_MESSAGES.empty;
  // The browser's type comes from the name: a hint for the limit only. The server decides the type from the bytes,
  // so a picture named .dat is taken and a text file named .png is refused there, in the same words.
  const kind = (FILE_TYPES as readonly string[]).includes(file.type) ? kindOf(file.type) : 'video';
  if (file.size > FILE_LIMITS[kind]) return FILE_MESSAGES.tooLarge(kind);
  return null;
}

/**
 * Sends `file` to `to` (the files route, or an area's own upload route such as a breakdown's photo); `onProgress`
 * gets 0–1 as the bytes go. Rejects with ApiError (the server's message) on refusal.
 */
export function uploadFile(
  file: File,
  onProgress: (fraction: number) => void,
  to = '/api/v1/files',
): Promise<TFile> {
  const refusal = refusalOf(file);
  if (refusal) return Promise.reject(new ApiError(0, 'VALIDATION', refusal, { file: refusal }));
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `${to}?name=${encodeURIComponent(file.name)}`);
    request.setRequestHeader('content-type', 'application/octet-stream');
    request.setRequestHeader('accept', 'application/json');
    request.responseType = 'json';
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      if (request.status === 201) resolve(request.response as TFile);
      else reject(errorFromBody(request.status, request.response));
    };
    request.onerror = () => reject(unreachableError());
    request.send(file);
  });
}
