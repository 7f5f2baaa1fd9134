// Uploaded files (decision 046): pictures and videos kept in the database, their type decided from their first bytes.
// The limits and messages are shared so that the web app refuses a file before sending it, in the server's words.
import { z } from 'zod';

/** What may be uploaded, by the type its first bytes say (never its name or the client's Content-Type). */
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export const VIDEO_TYPES = ['video/mp4', 'video/quicktime', 'video/webm'] as const;
export const FILE_TYPES = [...IMAGE_TYPES, ...VIDEO_TYPES] as const;
export type TFileType = (typeof FILE_TYPES)[number];
export type TFileKind = 'image' | 'video';

export const MEGABYTE = 1024 * 1024;
/** The largest picture and video an upload takes. */
export const FILE_LIMITS: Record<TFileKind, number> = { image: 10 * MEGABYTE, video: 200 * MEGABYTE };
/** The size of one stored chunk: a range request reads only the chunks it overlaps. */
export const FILE_CHUNK_SIZE = 256 * 1024;

export const kindOf = (type: string): TFileKind => (type.startsWith('video/') ? 'video' : 'image');

export const FILE_MESSAGES = {
  notFound: 'No such file in your company.',
  unsupported:
    'This file is not a picture or a video we can show: upload a PNG, JPEG, GIF or WebP picture, or an MP4, MOV or WebM video.',
  tooLarge: (kind: TFileKind) =>
    kind === 'image'
      ? 'This picture is larger than 10 MB, the most a picture may be. Make it smaller and try again.'
      : 'This video is larger than 200 MB, the most a video may be. Shorten it or lower its quality and try again.',
  empty: 'The file is empty.',
} as const;

/** POST /api/v1/files?name=…: the name the file is shown under (its type comes from its bytes). */
export const ZFileUploadQuerySchema = z.object({
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(200, 'Name is too long (maximum 200 characters)'),
});
export type TFileUploadQuery = z.infer<typeof ZFileUploadQuerySchema>;

/** A stored file as the API answers it; `url` serves its bytes (with range requests). */
export const ZFileSchema = z.object({
  id: z.string(),
  name: z.string(),
  contentType: z.enum(FILE_TYPES),
  sizeBytes: z.number().int(),
  url: z.string(),
  createdAt: z.string(),
});
export type TFile = z.infer<typeof ZFileSchema>;

/** Where a file's bytes are served. */
export const fileUrl = (id: string) => `/api/v1/files/${id}`;
