// Label formats (everyone reads, admins change) and label printing (PDF or ZPL; item labels need the Inventory area,
// work-order labels the Build area too), and the travellers of several work orders in one PDF (decision 053).
import { PassThrough } from 'node:stream';
import { z } from 'zod';
import {
  type TPrintStreamLine,
  ZLabelFormatInputSchema,
  ZLabelFormatListQuerySchema,
  ZLabelFormatPageSchema,
  ZLabelFormatPatchSchema,
  ZLabelFormatSchema,
  ZPrintRequestSchema,
  ZTravellerRequestSchema,
} from '#common/schemas/labels.ts';
import { fileResponse } from '../../plugins/api-errors.ts';
import { tenantOf, tenantRoutes } from '../../plugins/route-groups.ts';
import { createFormat, deleteFormat, listFormats, updateFormat } from './formats.service.ts';
import { planPrint, renderPrint } from './print.service.ts';
import { printTravellers } from './travellers.service.ts';

const ZIdParams = z.object({ id: z.uuid('Not an id') });

/** Media type of the progress stream a client asks for with Accept (docs/decisions/027). */
export const PRINT_PROGRESS_TYPE = 'application/x-ndjson';

const tags = ['labels'];

/** The label formats: every signed-in user reads them, admins change them; no area needed. */
export const labelsRoutes = tenantRoutes({}, (r) => {
  r.get(
    '/api/v1/label-formats',
    {
      schema: {
        summary:
          "The company's label formats by name (a default is made from the label configuration when none exist)",
        tags,
        querystring: ZLabelFormatListQuerySchema,
        response: { 200: ZLabelFormatPageSchema },
      },
    },
    async (request) => listFormats(tenantOf(request), request.query),
  );
  r.post(
    '/api/v1/label-formats',
    {
      config: {
        role: 'admin',
        errors: ['BAD_REQUEST', 'CONFLICT'],
        rules: ['width and height within the bounds of the unit'],
      },
      schema: {
        summary: 'Adds a label format (admin)',
        tags,
        body: ZLabelFormatInputSchema,
        response: { 201: ZLabelFormatSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await createFormat(tenantOf(request), request.body)),
  );
  r.patch(
    '/api/v1/label-formats/:id',
    {
      config: {
        role: 'admin',
        errors: ['BAD_REQUEST', 'CONFLICT'],
        rules: ['width and height within the bounds of the unit'],
      },
      schema: {
        summary: 'Changes a label format (admin)',
        tags,
        params: ZIdParams,
        body: ZLabelFormatPatchSchema,
        response: { 200: ZLabelFormatSchema },
      },
    },
    async (request) => updateFormat(tenantOf(request), request.params.id, request.body),
  );
  r.delete(
    '/api/v1/label-formats/:id',
    {
      config: { role: 'admin', errors: ['CONFLICT'] },
      schema: {
        summary: "Deletes a label format; the company's last one stays (admin)",
        tags,
        params: ZIdParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await deleteFormat(tenantOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
});

/** Printing labels: every signed-in user, when the Inventory area is switched on (and Build, for work orders). */
export const labelPrintRoutes = tenantRoutes({ feature: 'inventory' }, (r) => {
  const appUrl = r.config.appUrl;
  r.post(
    '/api/v1/labels/print',
    {
      config: {
        errors: ['BAD_REQUEST', 'NOT_FOUND', 'CONFLICT'],
        rules: [
          'at least one target, or everythingIn',
          'work-order targets need the Build area; a cancelled work order is 409',
        ],
      },
      schema: {
        summary: `Prints labels as a PDF or ZPL file; with Accept: ${PRINT_PROGRESS_TYPE}, progress lines then the file`,
        tags,
        body: ZPrintRequestSchema,
        response: {
          200: fileResponse('The labels: a PDF, a ZPL file (text/plain), or progress lines then the file', [
            'application/pdf',
            'text/plain',
            PRINT_PROGRESS_TYPE,
          ]),
        },
      },
    },
    async (request, reply) => {
      const plan = await planPrint(tenantOf(request), appUrl, request.body);
      reply.header('x-label-count', String(plan.total)).header('cache-control', 'no-store');
      if (!(request.headers.accept ?? '').includes(PRINT_PROGRESS_TYPE)) {
        const file = await renderPrint(plan);
        return reply
          .type(file.contentType)
          .header('content-disposition', `attachment; filename="${file.filename}"`)
          .send(typeof file.body === 'string' ? file.body : Buffer.from(file.body));
      }
      // Progress: one JSON line every few dozen labels while rendering, then the file (base64) or the error.
      const stream = new PassThrough();
      const write = (line: TPrintStreamLine) => stream.write(`${JSON.stringify(line)}\n`);
      void renderPrint(plan, (done) => write({ type: 'progress', done, total: plan.total }))
        .then((file) => {
          const bytes =
            typeof file.body === 'string' ? Buffer.from(file.body, 'utf8') : Buffer.from(file.body);
          write({
            type: 'file',
            filename: file.filename,
            contentType: file.contentType,
            base64: bytes.toString('base64'),
            labels: file.labels,
          });
        })
        .catch((error: unknown) => {
          request.log.error({ err: error }, 'label rendering failed');
          write({
            type: 'error',
            code: 'INTERNAL',
            message: 'The labels could not be drawn. Try again; if it keeps failing, print fewer at once.',
          });
        })
        .finally(() => stream.end());
      return reply.type(`${PRINT_PROGRESS_TYPE}; charset=utf-8`).send(stream);
    },
  );
});

/** Travellers of work orders, from Tag Items: every signed-in user, when the Build area is switched on. */
export const travellerPrintRoutes = tenantRoutes({ feature: 'build' }, (r) => {
  const appUrl = r.config.appUrl;
  r.post(
    '/api/v1/labels/travellers',
    {
      config: { errors: ['BAD_REQUEST', 'NOT_FOUND', 'CONFLICT'], rules: ['a cancelled work order is 409'] },
      schema: {
        summary: 'Prints the travellers of the work orders, in the order given, as one PDF',
        tags,
        body: ZTravellerRequestSchema,
        response: { 200: fileResponse('The travellers, a PDF', ['application/pdf']) },
      },
    },
    async (request, reply) => {
      const file = await printTravellers(tenantOf(request), appUrl, request.body);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('x-traveller-count', String(file.travellers))
        .header('cache-control', 'no-store')
        .send(Buffer.from(file.body));
    },
  );
});
