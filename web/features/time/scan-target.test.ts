// What a scanned code clocks in to: a job the resolver answers, a work order's job and running step, a job number the
// resolver does not know yet found among the jobs; and plain words for a work order without a job, an item's label,
// an unknown job number and a code nobody printed.
import { describe, expect, it } from 'vitest';
import type { TWorkOrderClockTarget } from '#common/schemas/time-targets.ts';
import { ApiError } from '../../lib/api-client.ts';
import { clockTargetOf, type TTargetLookups } from './scan-target.ts';

const JOB = { id: 'job-1', numberText: 'JOB-000001', name: 'Harness run', status: 'open' as const };
const notRecognised = () => {
  throw new ApiError(404, 'NOT_FOUND', 'Not recognised: “X” is not a code of your company.');
};

function lookups(over: Partial<TTargetLookups>): TTargetLookups {
  return {
    resolve: async () => notRecognised(),
    workOrder: async () => {
      throw new Error('not asked');
    },
    jobByNumber: async () => null,
    ...over,
  };
}

const target = (over: Partial<TWorkOrderClockTarget>): TWorkOrderClockTarget => ({
  workOrderId: 'wo-1',
  workOrderNumber: 'WO-000007',
  job: JOB,
  step: null,
  ...over,
});

describe('a scanned code’s clock target', () => {
  it('is the job the resolver answers', async () => {
    const answer = await clockTargetOf(
      'FBJ12345678',
      lookups({ resolve: async () => ({ kind: 'job', job: JOB }) }),
    );
    expect(answer).toEqual({
      jobId: 'job-1',
      jobText: 'JOB-000001 · Harness run',
      jobStatus: 'open',
      stepRunId: null,
      stepLabel: null,
    });
  });

  it('is a work order’s job and the step running on it', async () => {
    const step = {
      stepRunId: 'run-1',
      workOrderId: 'wo-1',
      label: 'WO-000007 · 2. Crimp',
      status: 'running' as const,
      startedAt: '2026-11-25T08:00:00Z',
    };
    const answer = await clockTargetOf(
      'WO-000007',
      lookups({
        resolve: async () => ({ kind: 'work-order', workOrder: { id: 'wo-1' } }),
        workOrder: async () => target({ step }),
      }),
    );
    expect(answer).toMatchObject({ jobId: 'job-1', stepRunId: 'run-1', stepLabel: 'WO-000007 · 2. Crimp' });
  });

  it('says so for a work order that belongs to no job', async () => {
    const scan = clockTargetOf(
      'WO-000007',
      lookups({
        resolve: async () => ({ kind: 'work-order', workOrder: { id: 'wo-1' } }),
        workOrder: async () => target({ job: null }),
      }),
    );
    await expect(scan).rejects.toThrow('WO-000007 belongs to no job, so it takes no time.');
  });

  it('finds a job number the resolver does not know among the jobs', async () => {
    const asked: number[] = [];
    const found = lookups({
      jobByNumber: async (n) => {
        asked.push(n);
        return n === 1 ? JOB : null;
      },
    });
    expect((await clockTargetOf('JOB-000001', found)).jobId).toBe('job-1');
    expect((await clockTargetOf('job-1', found)).jobId).toBe('job-1');
    await expect(clockTargetOf('JOB-000009', found)).rejects.toThrow('No job JOB-000009 in your company.');
    expect(asked).toEqual([1, 1, 9]);
  });

  it('refuses an item’s label, and repeats the resolver’s words for a code nobody printed', async () => {
    const item = lookups({ resolve: async () => ({ kind: 'item', item: { id: 'i' } }) });
    await expect(clockTargetOf('P-100', item)).rejects.toThrow('“P-100” is not a job or a work order');
    await expect(clockTargetOf('garbage', lookups({}))).rejects.toThrow('Not recognised');
  });

  it('lets a network failure through as it is', async () => {
    const offline = lookups({
      resolve: async () => {
        throw new ApiError(0, 'NETWORK', 'The server could not be reached.');
      },
    });
    await expect(clockTargetOf('JOB-000001', offline)).rejects.toThrow('The server could not be reached.');
  });
});
