// A breakdown's photo (decision 057): a technician on a phone uploads a picture of the fault before reporting it.
// The files route (decision 046) is for admins and takes videos of 200 MB; this one is everyone's in the company while
// Maintenance is on, and takes pictures alone (10 MB), stored as any file and served by GET /api/v1/files/:id. Its
// own scope, because the body is raw bytes that no parser may read.

import { BREAKDOWN_MESSAGES } from '#common/schemas/breakdowns.ts';
import { ZFileSchema, ZFileUploadQuerySchema } from '#common/schemas/files.ts';
import { tenantOf, tenantRoutes } from '../../plugins/route-groups.ts';
import { uploadFile } from '../files/upload.service.ts';

export const breakdownPhotosRoutes = tenantRoutes({ feature: 'maintenance' }, (r) => {
  r.removeAllContentTypeParsers();
  r.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));

  r.post(
    '/api/v1/breakdowns/photos',
    {
      config: { errors: ['PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE'] },
      schema: {
        summary: 'Uploads a breakdown’s photo: a picture (PNG, JPEG, GIF, WebP; 10 MB) as the raw body',
        description:
          'The type is decided from the first bytes, never from the name or the Content-Type header; send the bytes as application/octet-stream.',
        tags: ['maintenance'],
        consumes: ['application/octet-stream'],
        querystring: ZFileUploadQuerySchema,
        response: { 201: ZFileSchema },
      },
    },
    async (request, reply) => {
      const length = Number(request.headers['content-length']);
      try {
        const file = await uploadFile(
          tenantOf(request),
          request.query,
          // Not destroyed on a refusal, so that the 413 or 415 is written before the connection goes.
          request.raw.iterator({ destroyOnReturn: false }),
          Number.isSafeInteger(length) ? length : undefined,
          { kinds: ['image'], otherKind: BREAKDOWN_MESSAGES.photoNotPicture },
        );
        return reply.status(201).send(file);
      } catch (error) {
        // As the files route: the rest of a refused body is thrown away and the connection closed after the answer.
        request.raw.resume();
        reply.header('connection', 'close');
        throw error;
      }
    },
  );
});
