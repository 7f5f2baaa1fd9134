// GET /api/health: the database answers and every migration is applied.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZHealthSchema } from '#common/schemas/health.ts';
import { checkHealth } from './health.service.ts';

export async function healthRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/health',
    {
      schema: {
        summary: 'Health of this instance: database reachable, migrations applied, version',
        tags: ['system'],
        response: { 200: ZHealthSchema, 503: ZHealthSchema },
      },
    },
    async (_request, reply) => {
      const health = await checkHealth(app.database);
      return reply.status(health.status === 'ok' ? 200 : 503).send(health);
    },
  );
}
