// A plan's schedule in words, as the list and the plan's page show it: "Every month (fixed) or 250 runtime hours,
// whichever first".
import type { TPlanSummary } from '#common/schemas/maintenance-plans.ts';

type TScheduleFields = Pick<TPlanSummary, 'mode' | 'calendarEvery' | 'calendarUnit' | 'meterEveryHours'>;

const UNITS = { day: ['day', 'days'], week: ['week', 'weeks'], month: ['month', 'months'] } as const;

/** "250 h", "1,250.5 h": hours as people read them. */
export function formatHours(hours: string): string {
  const [whole = '0', fraction] = hours.split('.');
  return `${Number(whole).toLocaleString('en-US')}${fraction ? `.${fraction}` : ''} h`;
}

export function scheduleInWords(plan: TScheduleFields): string {
  const parts: string[] = [];
  if (plan.calendarEvery !== null && plan.calendarUnit !== null) {
    const [one, many] = UNITS[plan.calendarUnit];
    parts.push(plan.calendarEvery === 1 ? `every ${one}` : `every ${plan.calendarEvery} ${many}`);
  }
  if (plan.meterEveryHours !== null) parts.push(`every ${formatHours(plan.meterEveryHours)} of runtime`);
  const when = parts.join(' or ') + (parts.length > 1 ? ', whichever first' : '');
  const mode = plan.mode === 'fixed' ? 'fixed' : 'floating';
  return `${when.charAt(0).toUpperCase()}${when.slice(1)} (${mode})`;
}
