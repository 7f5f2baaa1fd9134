// GET /api/health: what a load balancer or an operator needs to know.
import { z } from 'zod';

export const ZHealthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  database: z.object({
    driver: z.enum(['pglite', 'postgres']),
    reachable: z.boolean(),
    migrationsApplied: z.number().int(),
    migrationsExpected: z.number().int(),
  }),
});
export type THealth = z.infer<typeof ZHealthSchema>;
