// Where QC Instructions (decision 072) opens an inspection: shared by the scan cards, the floor, the dashboard and
// the screen itself, so no feature imports another's folder for one path. The screen starts the inspection the
// parameters name (or meets the open one) and walks it.

export const QC_DISPLAY_PATH = '/quality/qc-display';

/** What to open: an inspection by id, a lot (its receipt or final plan), or a work order's step or output. */
export type TQcTarget =
  | { inspection: string }
  | { lot: string; plan?: string }
  | { workOrder: string; step?: string; plan?: string };

export function qcDisplayPath(target: TQcTarget): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(target)) if (value) params.set(key, value);
  return `${QC_DISPLAY_PATH}?${params}`;
}
