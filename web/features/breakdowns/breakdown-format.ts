// How the screen says a breakdown's number and a span of minutes.
import { breakdownLabel } from '#common/schemas/breakdowns.ts';

export { breakdownLabel };

/** 95 → "1 h 35 min", 45 → "45 min", 0 → "0 min". */
export function formatMinutes(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}
