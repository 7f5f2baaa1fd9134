// Money at the currency's precision: rounded half-up on the exact digits (never through a float), yen without
// decimals, losses with their minus, and a difference with its sign.
import { describe, expect, it } from 'vitest';
import { currencyDigits, formatMoney, formatSignedMoney, roundDecimalText } from './format-money.ts';

const usd = (text: string) => formatMoney(text, { locale: 'en-US' });

describe('formatMoney in US dollars', () => {
  it.each([
    ['9.2625', '$9.26'],
    ['9.265', '$9.27'],
    ['0.125', '$0.13'],
    ['0.124', '$0.12'],
    ['0.005', '$0.01'],
    ['0.0049', '$0.00'],
    ['1234.5', '$1,234.50'],
    ['12', '$12.00'],
    ['0', '$0.00'],
    ['999999999999.9999', '$1,000,000,000,000.00'],
  ])('%s → %s', (text, shown) => {
    expect(usd(text)).toBe(shown);
  });

  it('rounds the exact digits: 1.005 is $1.01, where a float (1.00499…) would give $1.00', () => {
    expect(usd('1.005')).toBe('$1.01');
    expect(usd('8.345')).toBe('$8.35');
  });

  it.each([
    ['-12.5', '-$12.50'],
    ['-9.2625', '-$9.26'],
    ['-0.125', '-$0.13'],
    ['-0.004', '$0.00'],
  ])('a negative value %s → %s (a half goes away from zero; nothing left shows no minus)', (text, shown) => {
    expect(usd(text)).toBe(shown);
  });

  it('shows text that is no number as it is', () => {
    expect(usd('n/a')).toBe('n/a');
  });
});

describe('formatMoney in other currencies', () => {
  it('writes yen without decimals, rounding half-up', () => {
    expect(currencyDigits('JPY')).toBe(0);
    expect(formatMoney('1234.5', { currency: 'JPY', locale: 'en-US' })).toBe('¥1,235');
    expect(formatMoney('1234.4999', { currency: 'JPY', locale: 'en-US' })).toBe('¥1,234');
    expect(formatMoney('-0.5', { currency: 'JPY', locale: 'en-US' })).toBe('-¥1');
  });

  // Intl puts a no-break space between an amount and a code or a trailing symbol.
  it('writes dinars with three decimals and euros in the reader’s language', () => {
    expect(currencyDigits('BHD')).toBe(3);
    expect(formatMoney('1.2345', { currency: 'BHD', locale: 'en-US' })).toBe('BHD\u00a01.235');
    expect(formatMoney('1234.5', { currency: 'EUR', locale: 'de-DE' })).toBe('1.234,50\u00a0€');
  });
});

describe('formatSignedMoney', () => {
  it.each([
    ['3', '+$3.00'],
    ['-12.5', '-$12.50'],
    ['0', '$0.00'],
    ['0.001', '$0.00'],
  ])('%s → %s', (text, shown) => {
    expect(formatSignedMoney(text, { locale: 'en-US' })).toBe(shown);
  });
});

describe('roundDecimalText', () => {
  it.each([
    ['9.2625', 2, '9.26'],
    ['9.995', 2, '10'],
    ['-9.995', 2, '-10'],
    ['0.5', 0, '1'],
    ['7', 2, '7'],
  ])('%s at %i decimals → %s', (text, digits, rounded) => {
    expect(roundDecimalText(text, digits)).toBe(rounded);
  });
});
