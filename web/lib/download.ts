// Files the browser saves: a blob made in the page or fetched from the API, under the name the server gives it.
import { errorFromResponse, unreachableError } from './api-client.ts';

/** Saves `blob` as `name` through the browser's download. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has started the download: revoking at once can cancel it in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Downloads `path` (a GET of the API) and saves it under the name of its content-disposition, else `fallbackName`.
 * Throws ApiError when the server refuses (a too-large export, say) or cannot be reached.
 */
export async function downloadFromApi(path: string, fallbackName: string): Promise<void> {
  let response: Response;
  try {
    response = await fetch(path, { credentials: 'same-origin' });
  } catch {
    throw unreachableError();
  }
  if (!response.ok) throw await errorFromResponse(response);
  const name =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  saveBlob(await response.blob(), name);
}
