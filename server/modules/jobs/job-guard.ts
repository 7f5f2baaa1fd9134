// The one check every area makes before charging something new to a job (decision 079): the job is the company's
// (a foreign or unknown id is "no such job", 404, naming the body's field) and open. A closed job takes no new stock
// issues, borrowings or time; one on hold takes none until it is open again. The job row is share-locked for the
// rest of the caller's transaction, so a close committing meanwhile waits for the charge, and a charge sent after
// the close sees it: no issue slips in after a job was closed.
import { AppError } from '#common/errors.ts';
import { jobNumberText, JOB_MESSAGES as M } from '#common/schemas/jobs.ts';
import type { TDb } from '../../db/client.ts';
import { findJob, type TJobRow } from './jobs.repo.ts';

export interface TJobCharge {
  /** What is being charged, for the refusal: "stock issues", "borrowings", "time". */
  what: string;
  /** The body's field that named the job (the 404's and 409's field error). Default 'jobId'. */
  field?: string;
}

/** The open job `jobId` of `companyId`, share-locked; 404 when it is not the company's, 409 when closed or on hold. */
export async function assertJobOpen(
  tx: TDb,
  companyId: string,
  jobId: string,
  charge: TJobCharge,
): Promise<TJobRow> {
  const field = charge.field ?? 'jobId';
  const job = await findJob(tx, companyId, jobId, 'share');
  if (!job) throw new AppError('NOT_FOUND', M.notFound, { [field]: M.notFound });
  const label = jobNumberText(job.number);
  if (job.status === 'closed') {
    const message = M.closed(label, charge.what);
    throw new AppError('CONFLICT', message, { [field]: message });
  }
  if (job.status === 'on_hold') {
    const message = M.onHold(label, charge.what);
    throw new AppError('CONFLICT', message, { [field]: message });
  }
  return job;
}
