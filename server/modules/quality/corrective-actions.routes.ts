// A corrective action after MIL-STD-105E 4.8's discontinuation (decision 077): admins record it, as they disposition
// nonconformances; the switching rules read it. Registered on the inspections' tenant group (feature `quality`).
import { ZCorrectiveActionInputSchema, ZCorrectiveActionSchema } from '#common/schemas/corrective-actions.ts';
import { type TZodApp, tenantOf } from '../../plugins/route-groups.ts';
import { recordCorrectiveAction } from './corrective-actions.service.ts';

export function correctiveActionRoutes(r: TZodApp): void {
  r.post(
    '/api/v1/sampling-corrective-actions',
    {
      config: {
        role: 'admin',
        errors: ['BAD_REQUEST', 'NOT_FOUND', 'CONFLICT'],
        rules: [
          'only while 105E 4.8 has discontinued inspection of the item (and supplier): five lots rejected under tightened',
          'the next lot of the pair is inspected tightened, its count of rejections started afresh',
        ],
      },
      schema: {
        summary: "Records a supplier's corrective action after acceptance sampling was discontinued (admins)",
        tags: ['quality'],
        body: ZCorrectiveActionInputSchema,
        response: { 201: ZCorrectiveActionSchema },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return recordCorrectiveAction(tenantOf(request), request.body);
    },
  );
}
