// A failed result's photo (decision 072): the inspector at the bench takes a picture of the defect before recording
// the failure. As a breakdown's photo (decision 057): everyone's in the company while Quality is on, pictures alone
// (10 MB), stored as any file and served by GET /api/v1/files/:id. Its own scope: the body is raw bytes.
import { ZFileSchema, ZFileUploadQuerySchema } from '#common/schemas/files.ts';
import { INSPECTION_MESSAGES } from '#common/schemas/inspections.ts';
import { tenantOf, tenantRoutes } from '../../plugins/route-groups.ts';
import { uploadFile } from '../files/upload.service.ts';

export const inspectionPhotosRoutes = tenantRoutes({ feature: 'quality' }, (r) => {
  r.removeAllContentTypeParsers();
  r.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));

  r.post(
    '/api/v1/inspections/photos',
    {
      config: { errors: ['PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE'] },
      schema: {
        summary: 'Uploads a failed result’s photo: a picture (PNG, JPEG, GIF, WebP; 10 MB) as the raw body',
        description:
          'The type is decided from the first bytes, never from the name or the Content-Type header; send the bytes as application/octet-stream.',
        tags: ['quality'],
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
          { kinds: ['image'], otherKind: INSPECTION_MESSAGES.photoNotPicture },
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
