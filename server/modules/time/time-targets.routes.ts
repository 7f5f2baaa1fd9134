// What the clock can name besides a job (decision 082), for the /time screen: a job's steps under way and a scanned
// work order's job and running step. Read-only; the Time area must be on; everyone signed in may ask.
import {
  ZClockStepsSchema,
  ZJobIdParamsSchema,
  ZWorkOrderClockTargetSchema,
  ZWorkOrderIdParamsSchema,
} from '#common/schemas/time-targets.ts';
import { tenantOf, tenantRoutes } from '../../plugins/route-groups.ts';
import { stepsOfJob, workOrderTarget } from './time-targets.service.ts';

export const timeTargetRoutes = tenantRoutes({ feature: 'time' }, (r) => {
  const tags = ['time'];

  r.get(
    '/api/v1/time/jobs/:id/steps',
    {
      config: { errors: ['NOT_FOUND'] },
      schema: {
        summary: 'The job’s work-order steps under way (started, not finished), to clock in to one',
        tags,
        params: ZJobIdParamsSchema,
        response: { 200: ZClockStepsSchema },
      },
    },
    async (request) => stepsOfJob(tenantOf(request), request.params.id),
  );
  r.get(
    '/api/v1/time/work-orders/:id/target',
    {
      config: { errors: ['NOT_FOUND'] },
      schema: {
        summary: 'A work order’s job and the step running on it, to clock in by its label',
        tags,
        params: ZWorkOrderIdParamsSchema,
        response: { 200: ZWorkOrderClockTargetSchema },
      },
    },
    async (request) => workOrderTarget(tenantOf(request), request.params.id),
  );
});
