// A recipe's step plans (decision 071), edited in Assembly Setup on a draft revision: the Quality area must be on
// (with it off there are no plans to link). Everyone reads; admins change, as the recipe itself.
import { z } from 'zod';
import { ZRevisionStepChecksSchema, ZStepChecksSaveSchema } from '#common/schemas/step-checks.ts';
import { tenantOf, tenantRoutes } from '../../plugins/route-groups.ts';
import { getRevisionStepChecks, saveStepChecks } from './step-checks.service.ts';

const ZIdParams = z.object({ id: z.uuid('Not an id') });

export const stepCheckRoutes = tenantRoutes({ feature: 'quality' }, (r) => {
  const tags = ['quality'];

  r.get(
    '/api/v1/assembly-revisions/:id/step-checks',
    {
      config: { errors: ['NOT_FOUND'] },
      schema: {
        summary: 'The inspection plans of each step of a revision, in order',
        tags,
        params: ZIdParams,
        response: { 200: ZRevisionStepChecksSchema },
      },
    },
    async (request) => getRevisionStepChecks(tenantOf(request), request.params.id),
  );
  r.put(
    '/api/v1/assembly-steps/:id/checks',
    {
      config: {
        role: 'admin',
        errors: ['BAD_REQUEST', 'NOT_FOUND', 'CONFLICT'],
        rules: [
          'only step plans of the assembly’s own item (404 naming the plan)',
          'a released revision is frozen (409)',
        ],
      },
      schema: {
        summary: "Sets a draft revision step's inspection plans, whole, each required or not (admins)",
        tags,
        params: ZIdParams,
        body: ZStepChecksSaveSchema,
        response: { 200: ZRevisionStepChecksSchema },
      },
    },
    async (request) => saveStepChecks(tenantOf(request), request.params.id, request.body),
  );
});
