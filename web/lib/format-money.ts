// Money as people read it: exact decimal strings from the API ("9.2625": costs are stored to 1/10000) shown at the
// currency's own precision ("$9.26"; yen have no decimals), rounded half-up on the exact digits, never through a
// float. Stored values are never changed; only their display is rounded.
import { fromScaled } from '#common/decimal.ts';

/**
 * The company's currency. Companies have no currency setting yet: every price, cost and rate in Forgeboard is in US
 * dollars (SPEC.md's plan prices, the "Unit cost ($)" and "$/hour" fields). When companies get one, it comes with
 * the session as the time zone does and is passed here as `currency`.
 */
export const COMPANY_CURRENCY = 'USD';

const PLAIN_DECIMAL = /^-?\d+(?:\.\d+)?$/;

const formatters = new Map<string, Intl.NumberFormat>();

function formatterOf(currency: string, locale: string | undefined, signed: boolean): Intl.NumberFormat {
  const key = `${locale ?? ''}|${currency}|${signed}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      // "negative": a value that rounds to zero is "$0.00", never "-$0.00".
      signDisplay: signed ? 'exceptZero' : 'negative',
    });
    formatters.set(key, formatter);
  }
  return formatter;
}

/** How many decimals the currency is written with: 2 for USD and EUR, 0 for JPY, 3 for BHD. */
export function currencyDigits(currency: string): number {
  return formatterOf(currency, 'en-US', false).resolvedOptions().maximumFractionDigits ?? 2;
}

/**
 * `text` rounded to `digits` decimals, half-up (a half goes away from zero: 0.125 → 0.13, -0.125 → -0.13), on its
 * exact digits; the canonical text of the result ("9.26", "1235", "0").
 */
export function roundDecimalText(text: string, digits: number): string {
  const negative = text.startsWith('-');
  const [integer = '0', fraction = ''] = text.replace('-', '').split('.');
  let scaled = BigInt(integer + fraction.slice(0, digits).padEnd(digits, '0'));
  if ((fraction[digits] ?? '0') >= '5') scaled += 1n;
  return fromScaled(negative ? -scaled : scaled, digits);
}

export interface TMoneyOptions {
  /** ISO 4217 code; the company's (COMPANY_CURRENCY) when omitted. */
  currency?: string;
  /** The reader's language (the browser's when omitted; tests pin it). */
  locale?: string;
  /** "+$3.00" for a gain, "-$3.00" for a loss, "$0.00" for none: for differences. */
  signed?: boolean;
}

/** "9.2625" → "$9.26", "1234.5" → "$1,234.50", "-12.5" → "-$12.50"; text that is no decimal is shown as it is. */
export function formatMoney(text: string, options: TMoneyOptions = {}): string {
  const value = text.trim();
  if (!PLAIN_DECIMAL.test(value)) return text;
  const currency = options.currency ?? COMPANY_CURRENCY;
  const rounded = roundDecimalText(value, currencyDigits(currency));
  // A decimal string is formatted on its exact digits (Intl.NumberFormat v3); already rounded, nothing is lost.
  return formatterOf(currency, options.locale, options.signed ?? false).format(
    rounded as Intl.StringNumericLiteral,
  );
}

/** A difference in money: "+$3.00", "-$12.50", "$0.00". */
export function formatSignedMoney(text: string, options: Omit<TMoneyOptions, 'signed'> = {}): string {
  return formatMoney(text, { ...options, signed: true });
}
