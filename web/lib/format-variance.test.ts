// A difference from plan in words and sign: over, under or on plan at the currency's cents, its share of the plan
// signed, a dash when nothing was planned.
import { describe, expect, it } from 'vitest';
import { formatMoneyVariance, formatSignedPercent, varianceSide } from './format-variance.ts';

describe('formatSignedPercent', () => {
  it.each([
    ['0.6', '+0.6%'],
    ['-26.7', '-26.7%'],
    ['0.0', '0.0%'],
    ['-0.0', '0.0%'],
    [null, '—'],
  ])('%s → %s', (text, shown) => {
    expect(formatSignedPercent(text)).toBe(shown);
  });
});

describe('formatMoneyVariance', () => {
  it('says over or under plan with the amount and its share', () => {
    expect(formatMoneyVariance('0.1', '0.6')).toBe('+$0.10 (+0.6%) over plan');
    expect(formatMoneyVariance('-2', '-50.0')).toBe('-$2.00 (-50.0%) under plan');
    expect(formatMoneyVariance('3', null)).toBe('+$3.00 over plan');
  });

  it('calls a difference below a cent on plan', () => {
    expect(varianceSide('0.0049')).toBe('on');
    expect(varianceSide('-0.005')).toBe('under');
    expect(formatMoneyVariance('0', '0.0')).toBe('on plan');
  });
});
