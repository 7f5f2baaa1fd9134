// Maintenance on a job (decision 085, issue 31): a repair (a breakdown) or a PM (an occurrence of a plan) can be
// charged to one of the shop's jobs. Its parts' posting then names the job (the job cost report's maintenance parts),
// and time clocked or typed on it lands on that job with the activity 'maintenance'.
import { z } from 'zod';

/** PUT /api/v1/breakdowns/:id/job and /api/v1/maintenance/occurrences/:id/job: the job, or null for none. */
export const ZMaintenanceJobSchema = z.object({
  jobId: z.uuid({ error: 'Choose the job from the list' }).nullable(),
});
export type TMaintenanceJob = z.infer<typeof ZMaintenanceJobSchema>;

/** The job a repair or a PM is charged to, as its page shows it; null: none. */
export const ZChargedJobSchema = z
  .object({
    id: z.string(),
    /** JOB-000003 */
    number: z.string(),
    name: z.string(),
  })
  .nullable();
export type TChargedJob = z.infer<typeof ZChargedJobSchema>;

/** An optional `jobId` in a resolution's or a completion's body: absent keeps the job as it is, null clears it. */
export const optionalJobId = z.uuid({ error: 'Choose the job from the list' }).nullable().optional();

export const MAINTENANCE_JOB_MESSAGES = {
  /** The same words as the breakdown's and the occurrence's own routes (another company's id reads as none). */
  breakdownNotFound: 'No such breakdown in your company.',
  occurrenceNotFound: 'No such maintenance occurrence in your company.',
  /** A resolved repair or a completed PM keeps the job its parts were posted to. */
  done: (what: string) => `${what} is done: the job it was charged to can no longer change.`,
  /** The job cannot move from under time already on it. */
  timeOnJob: (what: string, job: string) =>
    `${what} has time on ${job}: move or delete that time before changing its job.`,
  noJob: (what: string) => `${what} is charged to no job: choose its job first.`,
  otherJob: (what: string, job: string) => `${what} is charged to ${job}: its time goes on that job.`,
  doneNoClock: (what: string) => `${what} is done: type the time spent on it instead of clocking in.`,
  maintenanceOnly: 'Time on a repair or a PM is maintenance',
  oneTarget: 'An entry is spent on one thing: a work-order step, a repair or a PM',
} as const;
