// What a scanned or typed code clocks in to (decision 082): a job's label, or a work order's — its job, and the step
// running on it. The scan resolver is asked first (it knows printed label codes and links, and answers a job once it
// knows job codes: decision 083); a job number it does not know (JOB-000042, 42 typed as job-42) is looked up in the
// jobs, so the screen does not wait on the resolver.
import { jobNumberText, parseJobCode, type TJobPage, type TJobStatus } from '#common/schemas/jobs.ts';
import type { TWorkOrderClockTarget } from '#common/schemas/time-targets.ts';
import { ApiError, api } from '../../lib/api-client.ts';
import { resolveCode } from '../../lib/code-lookup.ts';
import { workOrderTarget } from './api.ts';

/** A job (and maybe a step of it) to clock in to. */
export interface TClockTarget {
  jobId: string;
  /** "JOB-000004 · Spare harnesses" */
  jobText: string;
  jobStatus: TJobStatus;
  stepRunId: string | null;
  stepLabel: string | null;
}

interface TJobLike {
  id: string;
  numberText: string;
  name: string;
  status: TJobStatus;
}

/** What the lookups are: the real calls, or a test's. */
export interface TTargetLookups {
  resolve: (code: string) => Promise<unknown>;
  workOrder: (workOrderId: string) => Promise<TWorkOrderClockTarget>;
  jobByNumber: (n: number) => Promise<TJobLike | null>;
}

/** The company's job numbered `n` (any status: a closed job is refused by the clock in its own words), or null. */
async function jobByNumber(n: number): Promise<TJobLike | null> {
  const params = new URLSearchParams({ q: jobNumberText(n), status: 'all', page: '1', pageSize: '5' });
  const page = await api<TJobPage>(`/api/v1/jobs?${params}`);
  return page.items.find((j) => j.number === n) ?? null;
}

export const LIVE_LOOKUPS: TTargetLookups = { resolve: resolveCode, workOrder: workOrderTarget, jobByNumber };

const ofJob = (job: TJobLike, step: TWorkOrderClockTarget['step'] = null): TClockTarget => ({
  jobId: job.id,
  jobText: `${job.numberText} · ${job.name}`,
  jobStatus: job.status,
  stepRunId: step?.stepRunId ?? null,
  stepLabel: step?.label ?? null,
});

/** The resolver's answer as far as the clock reads it (its union grows: a job is one kind among others). */
function kindOf(result: unknown): { kind?: string; job?: TJobLike; workOrder?: { id: string } } {
  return typeof result === 'object' && result !== null ? (result as ReturnType<typeof kindOf>) : {};
}

/** The job (and step) `code` names; throws an Error saying why when it names none. */
export async function clockTargetOf(
  code: string,
  lookups: TTargetLookups = LIVE_LOOKUPS,
): Promise<TClockTarget> {
  let result: unknown = null;
  let refusal: string | null = null;
  try {
    result = await lookups.resolve(code);
  } catch (error) {
    // Not recognised (404) may still be a job number; anything else (the network) is the answer.
    if (!(error instanceof ApiError) || (error.status !== 404 && error.status !== 400)) throw error;
    refusal = error.message;
  }
  const found = kindOf(result);
  if (found.kind === 'job' && found.job) return ofJob(found.job);
  if (found.kind === 'work-order' && found.workOrder) {
    const target = await lookups.workOrder(found.workOrder.id);
    if (!target.job)
      throw new Error(
        `${target.workOrderNumber} belongs to no job, so it takes no time. An admin links its order to a job under Job Management.`,
      );
    return ofJob(target.job, target.step);
  }
  const number = parseJobCode(code);
  if (number !== null) {
    const job = await lookups.jobByNumber(number);
    if (job) return ofJob(job);
    throw new Error(`No job ${jobNumberText(number)} in your company.`);
  }
  if (found.kind)
    throw new Error(`“${code}” is not a job or a work order: scan a job’s or a work order’s label.`);
  throw new Error(refusal ?? `“${code}” is not a job or a work order of your company.`);
}
