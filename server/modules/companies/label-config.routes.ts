// The company label configuration: read by every signed-in user, changed by admins.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZLabelConfigPatchSchema, ZLabelConfigSchema } from '#common/label-config.ts';
import { authOf, requireRole } from '../../plugins/auth.ts';
import { actorOf } from '../audit/audit.ts';
import { changeLabelConfig, getLabelConfig } from './companies.service.ts';

export async function labelConfigRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/v1/company/label-config',
    {
      preHandler: requireRole('user'),
      schema: {
        summary: "Your company's label configuration and feature flags",
        tags: ['company'],
        response: { 200: ZLabelConfigSchema },
      },
    },
    async (request) => getLabelConfig(app.database.db, authOf(request)),
  );

  r.patch(
    '/api/v1/company/label-config',
    {
      preHandler: requireRole('admin'),
      schema: {
        summary: "Changes some of your company's label configuration and feature flags (admin)",
        tags: ['company'],
        body: ZLabelConfigPatchSchema,
        response: { 200: ZLabelConfigSchema },
      },
    },
    async (request) => {
      const auth = authOf(request);
      return changeLabelConfig(app.database.db, auth, request.body, actorOf(auth));
    },
  );
}
