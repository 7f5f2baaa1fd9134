// The shop-floor run of a work order (decision 049): anyone in the company (operators on the floor are users), with
// the Build area on. Every action answers with the run as it now is, so the operator's screen never guesses.
import { z } from 'zod';
import {
  COMPLETE_RULES,
  CONSUME_REASON_RULE,
  OUTPUT_RULES,
  SCRAP_REASON_RULE,
  ZCompleteSchema,
  ZConsumeSchema,
  ZFloorActionSchema,
  ZFloorSchema,
  ZOutputSchema,
  ZStepFinishSchema,
} from '#common/schemas/shop-floor.ts';
import { tenantOf, tenantRoutes } from '../../plugins/route-groups.ts';
import { completeWorkOrder } from './shop-floor-complete.service.ts';
import { consume } from './shop-floor-consume.service.ts';
import { recordOutput } from './shop-floor-output.service.ts';
import { finishStep, pauseStep, resumeStep, startStep } from './shop-floor-steps.service.ts';
import { getFloor } from './shop-floor-view.ts';

const ZIdParams = z.object({ id: z.uuid('Not an id') });
const ZStepParams = z.object({ id: z.uuid('Not an id'), stepId: z.uuid('Not a step id') });
const stepErrors = ['NOT_FOUND', 'CONFLICT', 'INVALID_TRANSITION'] as const;

export const shopFloorRoutes = tenantRoutes({ feature: 'build' }, (r) => {
  const tags = ['build'];

  r.get(
    '/api/v1/work-orders/:id/floor',
    {
      schema: {
        summary:
          'A work order as the floor runs it: steps with their runs, components left, consumptions, outputs',
        tags,
        params: ZIdParams,
        response: { 200: ZFloorSchema },
      },
    },
    async (request) => getFloor(tenantOf(request), request.params.id),
  );

  const stepAction = (
    action: 'start' | 'pause' | 'resume',
    summary: string,
    run: typeof startStep,
    rules: string[],
  ) =>
    r.post(
      `/api/v1/work-orders/:id/steps/:stepId/${action}`,
      {
        config: { errors: [...stepErrors], rules },
        schema: { summary, tags, params: ZStepParams, response: { 200: ZFloorSchema } },
      },
      async (request) => run(tenantOf(request), request.params.id, request.params.stepId),
    );
  stepAction(
    'start',
    'Starts a step (who and when); a released or paused work order goes to in progress',
    startStep,
    [
      'the work order is released, in progress or paused',
      'the step before it is finished (steps run in order)',
    ],
  );
  stepAction('pause', 'Pauses a running step', pauseStep, ['the work order is in progress']);
  stepAction('resume', 'Resumes a paused step (a paused work order goes back to in progress)', resumeStep, [
    'the work order is in progress or paused',
  ]);

  r.post(
    '/api/v1/work-orders/:id/steps/:stepId/finish',
    {
      config: {
        errors: ['NOT_FOUND', 'CONFLICT'],
        rules: [SCRAP_REASON_RULE, 'a started step is finished once'],
      },
      schema: {
        summary:
          'Finishes a started step once, with its good and scrap quantity; takes what is left of its backflush lines',
        tags,
        params: ZStepParams,
        body: ZStepFinishSchema,
        response: { 200: ZFloorSchema },
      },
    },
    async (request) => finishStep(tenantOf(request), request.params.id, request.params.stepId, request.body),
  );
  r.post(
    '/api/v1/work-orders/:id/consumptions',
    {
      config: {
        errors: ['NOT_FOUND', 'CONFLICT', 'BAD_REQUEST', 'IDEMPOTENCY_KEY_REUSED'],
        rules: [
          'the code is a label or number of one of the work order’s components (a lot for a lot-tracked one)',
          'the quantity is at most what the location (and lot) holds',
          CONSUME_REASON_RULE,
        ],
      },
      schema: {
        summary: 'Consumes a component by its scanned or typed label: a build-consume posting',
        tags,
        params: ZIdParams,
        body: ZConsumeSchema,
        response: { 201: ZFloorActionSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await consume(tenantOf(request), request.params.id, request.body)),
  );
  r.post(
    '/api/v1/work-orders/:id/outputs',
    {
      config: {
        errors: ['NOT_FOUND', 'CONFLICT', 'BAD_REQUEST', 'IDEMPOTENCY_KEY_REUSED'],
        rules: OUTPUT_RULES,
      },
      schema: {
        summary:
          'Records output: good units into stock (a new lot when lot-tracked) and scrap with its reason',
        tags,
        params: ZIdParams,
        body: ZOutputSchema,
        response: { 201: ZFloorActionSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await recordOutput(tenantOf(request), request.params.id, request.body)),
  );
  r.post(
    '/api/v1/work-orders/:id/complete',
    {
      config: {
        errors: ['NOT_FOUND', 'CONFLICT', 'INVALID_TRANSITION', 'UNCONSUMED'],
        rules: [
          'every step is finished, some output is recorded and no required QC check is open',
          ...COMPLETE_RULES,
        ],
      },
      schema: {
        summary:
          'Completes a work order once every planned component is consumed or resolved; gives back what is left of its reservation',
        tags,
        params: ZIdParams,
        body: ZCompleteSchema.nullish(),
        response: { 200: ZFloorSchema },
      },
    },
    async (request) =>
      completeWorkOrder(tenantOf(request), request.params.id, request.body ?? { resolutions: [] }),
  );
});
