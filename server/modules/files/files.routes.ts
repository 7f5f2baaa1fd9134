// Uploaded pictures and videos (decision 046). Uploading is for admins (assembly setup today); reading is for
// everyone signed in to the company (operators watch the videos at their step). No area switch: Build, Quality and
// Maintenance all show files. The upload body is raw bytes of any Content-Type: its type comes from its bytes.
import { Readable } from 'node:stream';
import { z } from 'zod';
import { AppError } from '#common/errors.ts';
import { FILE_TYPES, ZFileSchema, ZFileUploadQuerySchema } from '#common/schemas/files.ts';
import { fileResponse } from '../../plugins/api-errors.ts';
import { tenantOf, tenantRoutes } from '../../plugins/route-groups.ts';
import { findFile, readRange } from './files.service.ts';
import { parseRange } from './range.ts';
import { acceptRawBodies, receiveUpload, UPLOAD_BODY_DESCRIPTION } from './upload-routes.ts';

const ZIdParams = z.object({ id: z.uuid('Not an id') });

/** A name as RFC 8187 spells it in `filename*`: percent-encoded, including the quote and brackets it reserves. */
const headerValueOf = (name: string) =>
  encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const tags = ['files'];

export const filesRoutes = tenantRoutes({}, (r) => {
  // The body is streamed by the service, whatever its declared type: no parser reads it here.
  acceptRawBodies(r);

  r.post(
    '/api/v1/files',
    {
      config: { role: 'admin', errors: ['PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE'] },
      schema: {
        summary:
          'Uploads a picture (PNG, JPEG, GIF, WebP; 10 MB) or video (MP4, MOV, WebM; 200 MB) as the raw body (admin)',
        description: UPLOAD_BODY_DESCRIPTION,
        tags,
        consumes: ['application/octet-stream'],
        querystring: ZFileUploadQuerySchema,
        response: { 201: ZFileSchema },
      },
    },
    (request, reply) => receiveUpload(request, reply),
  );

  r.get(
    '/api/v1/files/:id',
    {
      config: { errors: ['RANGE_NOT_SATISFIABLE'] },
      schema: {
        summary: "A file's bytes; a Range header gets 206 with only those bytes (a video seeking on a phone)",
        tags,
        params: ZIdParams,
        response: {
          200: fileResponse('The whole file', [...FILE_TYPES]),
          206: fileResponse('The bytes the Range header asked for (Content-Range says which)', [
            ...FILE_TYPES,
          ]),
          304: z.null().describe('Not modified: the If-None-Match ETag is the file’s'),
        },
      },
    },
    async (request, reply) => {
      const tenant = tenantOf(request);
      const file = await findFile(tenant, request.params.id);
      const etag = `"${file.sha256}"`;
      reply
        .header('accept-ranges', 'bytes')
        .header('etag', etag)
        .header('cache-control', 'private, max-age=86400')
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', `inline; filename*=UTF-8''${headerValueOf(file.name)}`);
      if (request.headers['if-none-match'] === etag) return reply.status(304).send(null);
      // If-Range with another validator: the file changed under the client (it cannot here), send it whole.
      const ifRange = request.headers['if-range'];
      const range = ifRange && ifRange !== etag ? null : parseRange(request.headers.range, file.sizeBytes);
      if (range === 'unsatisfiable') {
        reply.header('content-range', `bytes */${file.sizeBytes}`);
        throw new AppError('RANGE_NOT_SATISFIABLE', `The file has ${file.sizeBytes} bytes.`);
      }
      const bytes = range ?? { start: 0, end: file.sizeBytes - 1 };
      reply.header('content-type', file.contentType).header('content-length', bytes.end - bytes.start + 1);
      if (range)
        reply.status(206).header('content-range', `bytes ${range.start}-${range.end}/${file.sizeBytes}`);
      // HEAD (Fastify runs this handler for it too) must not read the chunks: an empty stream keeps the headers.
      if (request.method === 'HEAD' || file.sizeBytes === 0) return reply.send(Readable.from([]));
      return reply.send(Readable.from(readRange(tenant, file, bytes)));
    },
  );
});
