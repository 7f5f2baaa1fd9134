// The company's plan: every signed-in user sees it (/subscription); admins change it (/admin/subscription).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZChangePlanSchema, ZSubscriptionSchema } from '#common/schemas/subscription.ts';
import { authOf, requireRole } from '../../plugins/auth.ts';
import { changePlan, getSubscription } from './subscription.service.ts';

export async function subscriptionRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;

  r.get(
    '/api/v1/subscription',
    {
      preHandler: requireRole('user'),
      schema: {
        summary: "Your company's plan, its limits and what the company uses of them",
        tags: ['subscription'],
        response: { 200: ZSubscriptionSchema },
      },
    },
    async (request) => getSubscription(db, authOf(request)),
  );

  r.post(
    '/api/v1/subscription/plan',
    {
      preHandler: requireRole('admin'),
      schema: {
        summary: 'Moves your company to another plan; refused when usage is above its limits (admin)',
        tags: ['subscription'],
        body: ZChangePlanSchema,
        response: { 200: ZSubscriptionSchema },
      },
    },
    async (request) => changePlan(db, authOf(request), request.body),
  );
}
