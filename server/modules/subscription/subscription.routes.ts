// The company's plan: every signed-in user sees it (/subscription); admins change it (/admin/subscription).
import { ZChangePlanSchema, ZSubscriptionSchema } from '#common/schemas/subscription.ts';
import { authOf } from '../../plugins/auth.ts';
import { systemRoutes } from '../../plugins/route-groups.ts';
import { changePlan, getSubscription } from './subscription.service.ts';

export const subscriptionRoutes = systemRoutes(
  {
    why: "the seats are counted in better-auth's users table, closed to the tenant role, and the plan is written on the companies row, which the tenant role may only read; every query names the signed-in user's company",
    role: 'user',
  },
  (r, db) => {
    r.get(
      '/api/v1/subscription',
      {
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
        config: { role: 'admin', errors: ['BAD_REQUEST', 'CONFLICT', 'LIMIT_REACHED', 'NOT_FOUND'] },
        schema: {
          summary: 'Moves your company to another plan; refused when usage is above its limits (admin)',
          tags: ['subscription'],
          body: ZChangePlanSchema,
          response: { 200: ZSubscriptionSchema },
        },
      },
      async (request) => changePlan(db, authOf(request), request.body),
    );
  },
);
