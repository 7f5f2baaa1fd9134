// What every upload route shares (decision 046): a scope no body parser reads (the service streams the raw bytes,
// whatever their declared type), the handler that hands the stream to `uploadFile` and answers 201 with the file,
// and a photo route — a picture alone, 10 MB, for everyone in the company while an area is on — that a breakdown
// (decision 057) and a failed inspection result (decision 072) each register with their own path and words.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TFeature } from '#common/label-config.ts';
import { type TFileUploadQuery, ZFileSchema, ZFileUploadQuerySchema } from '#common/schemas/files.ts';
import { type TZodApp, tenantOf, tenantRoutes } from '../../plugins/route-groups.ts';
import { type TUploadAccepts, uploadFile } from './upload.service.ts';

/** The OpenAPI words every upload route's body gets. */
export const UPLOAD_BODY_DESCRIPTION =
  'The type is decided from the first bytes, never from the name or the Content-Type header; send the bytes as application/octet-stream.';

/** Makes the scope's body raw bytes of any Content-Type: no parser reads it, the upload service streams it. */
export function acceptRawBodies(r: TZodApp): void {
  r.removeAllContentTypeParsers();
  r.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
}

/** Streams the request's body into a stored file and answers 201 with it; `accepts` narrows the kinds taken. */
export async function receiveUpload(
  request: FastifyRequest<{ Querystring: TFileUploadQuery }>,
  reply: FastifyReply,
  accepts?: TUploadAccepts,
) {
  const length = Number(request.headers['content-length']);
  try {
    const file = await uploadFile(
      tenantOf(request),
      request.query,
      // Not destroyed on a refusal, so that the 413 or 415 is written before the connection goes.
      request.raw.iterator({ destroyOnReturn: false }),
      Number.isSafeInteger(length) ? length : undefined,
      accepts,
    );
    return reply.status(201).send(file);
  } catch (error) {
    // The rest of a refused body is discarded, never kept, and the connection closed after the answer: a client
    // still sending gets the refusal instead of a server waiting on bytes it will not read.
    request.raw.resume();
    reply.header('connection', 'close');
    throw error;
  }
}

/** Where a photo route stands and what it says. */
export interface TPhotoRoute {
  /** The area that must be on; everyone in the company may upload while it is. */
  feature: TFeature;
  path: string;
  /** Whose photo it is in the route's summary, e.g. "a breakdown’s photo". */
  whose: string;
  tag: string;
  /** The 415's words for a video or any other kind that is not a picture. */
  notPicture: string;
}

/** A route of its own scope taking one picture (PNG, JPEG, GIF, WebP; 10 MB) as the raw body. */
export const photoUploadRoutes = ({ feature, path, whose, tag, notPicture }: TPhotoRoute) =>
  tenantRoutes({ feature }, (r) => {
    acceptRawBodies(r);
    r.post(
      path,
      {
        config: { errors: ['PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE'] },
        schema: {
          summary: `Uploads ${whose}: a picture (PNG, JPEG, GIF, WebP; 10 MB) as the raw body`,
          description: UPLOAD_BODY_DESCRIPTION,
          tags: [tag],
          consumes: ['application/octet-stream'],
          querystring: ZFileUploadQuerySchema,
          response: { 201: ZFileSchema },
        },
      },
      (request, reply) => receiveUpload(request, reply, { kinds: ['image'], otherKind: notPicture }),
    );
  });
