// QC Setup's words shared by its lists, pages and dialogs.
import type { TDefectSeverity } from '#common/schemas/defect-codes.ts';
import type { TPlanRow } from '#common/schemas/inspection-plans.ts';

export const SEVERITY_LABELS: Record<TDefectSeverity, string> = {
  minor: 'Minor',
  major: 'Major',
  critical: 'Critical',
};

/** "Version 2 in force · draft 3", in words a reader scans. */
export function versionText(p: Pick<TPlanRow, 'releasedNumber' | 'draftNumber'>): string {
  const inForce = p.releasedNumber === null ? 'Not released yet' : `Version ${p.releasedNumber} in force`;
  return p.draftNumber === null ? inForce : `${inForce} · draft ${p.draftNumber}`;
}
