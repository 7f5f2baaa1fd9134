// A difference from plan as people read it (decision 064's material usage variance): "+$0.10 (+0.6%) over plan",
// in words and sign, so the colour the screen adds is never the only way to tell over from under.
import { formatSignedMoney } from './format-money.ts';

/** "+0.6%", "-26.7%", "0.0%"; "—" when there was nothing planned to compare with. */
export function formatSignedPercent(text: string | null): string {
  if (text === null) return '—';
  const zero = /^-?0(?:\.0+)?$/.test(text);
  if (zero) return `${text.replace('-', '')}%`;
  return text.startsWith('-') ? `${text}%` : `+${text}%`;
}

/** Whether a difference is over plan (above zero), under it, or on it, at the currency's cents. */
export function varianceSide(amount: string): 'over' | 'under' | 'on' {
  const shown = formatSignedMoney(amount, { locale: 'en-US' });
  if (shown.startsWith('+')) return 'over';
  if (shown.startsWith('-')) return 'under';
  return 'on';
}

/**
 * The colour of a difference beside its words: over plan red, under plan teal, on plan dimmed. The darker shades:
 * red.8 and teal.8 on white fall short of the 4.5:1 contrast small text needs (teal.8 is 3.9:1).
 */
export const VARIANCE_COLORS = { over: 'red.9', under: 'teal.9', on: 'dimmed' } as const;

/** "+$0.10 (+0.6%) over plan", "-$2.00 (-50.0%) under plan", "on plan". */
export function formatMoneyVariance(amount: string, percent: string | null): string {
  const side = varianceSide(amount);
  if (side === 'on') return 'on plan';
  const share = percent === null ? '' : ` (${formatSignedPercent(percent)})`;
  return `${formatSignedMoney(amount)}${share} ${side} plan`;
}
