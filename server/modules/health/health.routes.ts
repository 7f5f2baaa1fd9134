// GET /api/health: the database answers and every migration is applied.
import { ZHealthSchema } from '#common/schemas/health.ts';
import { systemRoutes } from '../../plugins/route-groups.ts';
import { checkHealth } from './health.service.ts';

export const healthRoutes = systemRoutes({ why: "a load balancer's probe of this instance" }, (r) => {
  r.get(
    '/api/health',
    {
      schema: {
        summary: 'Health of this instance: database reachable, migrations applied, version',
        tags: ['system'],
        response: { 200: ZHealthSchema, 503: ZHealthSchema },
      },
    },
    async (_request, reply) => {
      const health = await checkHealth(r.database);
      return reply.status(health.status === 'ok' ? 200 : 503).send(health);
    },
  );
});
