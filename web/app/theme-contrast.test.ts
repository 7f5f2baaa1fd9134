// Every colour of the theme, filled under white text or written as a light variant, reads at WCAG AA.
import { DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { theme } from './theme.ts';
import { AA_CONTRAST, contrastRatio, darkenToRead, readableColors } from './theme-contrast.ts';

const merged = mergeMantineTheme(DEFAULT_THEME, theme);
const light = readableColors(merged).light;

describe('readable colours', () => {
  it('measures contrast as WCAG does', () => {
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
  });

  it('darkens a colour only as far as it must', () => {
    expect(darkenToRead('#1c4e80', '#ffffff')).toBe('#1c4e80');
    expect(contrastRatio(darkenToRead('#fab005', '#ffffff'), '#ffffff')).toBeGreaterThanOrEqual(AA_CONTRAST);
  });

  it.each(Object.keys(merged.colors))(
    '%s: white on its fill and its light text on its light background',
    (name) => {
      const shades = merged.colors[name]!;
      expect(contrastRatio('#ffffff', light[`--mantine-color-${name}-filled`]!)).toBeGreaterThanOrEqual(
        AA_CONTRAST,
      );
      expect(contrastRatio(light[`--mantine-color-${name}-light-color`]!, shades[1])).toBeGreaterThanOrEqual(
        AA_CONTRAST,
      );
    },
  );

  it('writes placeholders at AA on white', () => {
    expect(contrastRatio(light['--mantine-color-placeholder']!, '#ffffff')).toBeGreaterThanOrEqual(
      AA_CONTRAST,
    );
  });

  it('keeps a shade that already reads, and the brand as it is', () => {
    expect(light['--mantine-color-forge-filled']).toBe(merged.colors.forge?.[7]);
    expect(light['--mantine-color-red-filled']).toBe(merged.colors.red[8]);
    expect(light['--mantine-color-gray-light-color']).toBe(merged.colors.gray[9]);
  });
});
