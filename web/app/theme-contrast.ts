// Colour variants that read at WCAG AA (4.5:1) whatever colour a component is given. Mantine fills with shade 7 under
// white text and writes light variants in shade 9 on shade 1: for red, blue, cyan, teal, green, lime, yellow and
// orange the fill is 2.1-4.2:1, and for teal, green, lime, yellow and orange the light text 2.7-4.3:1 (axe's
// color-contrast rule, serious). Here each colour's fill is its first shade from 7 that white text reads on (else
// shade 9 darkened until it does), and its light text is shade 9 darkened until it reads on shade 1; the
// placeholder grey is darkened the same way.
import {
  type CSSVariablesResolver,
  darken,
  luminance,
  type MantineColorsTuple,
  type MantineTheme,
} from '@mantine/core';

/** WCAG AA for normal text. */
export const AA_CONTRAST = 4.5;
const WHITE = '#ffffff';

/** The WCAG contrast ratio of two colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** `color` darkened in small steps until it reads at AA on `background` (black at worst). */
export function darkenToRead(color: string, background: string): string {
  let result = color;
  for (let amount = 0.05; contrastRatio(result, background) < AA_CONTRAST && amount <= 1; amount += 0.05)
    result = darken(color, amount);
  return result;
}

/** The fill and the light variant's text of one colour. */
export function readableShades(shades: MantineColorsTuple): { filled: string; lightText: string } {
  const filled =
    [shades[7], shades[8], shades[9]].find((shade) => contrastRatio(WHITE, shade) >= AA_CONTRAST) ??
    darkenToRead(shades[9], WHITE);
  return { filled, lightText: darkenToRead(shades[9], shades[1]) };
}

/** The light scheme's colour variables, overriding Mantine's for every colour of the theme. */
export const readableColors: CSSVariablesResolver = (theme: MantineTheme) => {
  const light: Record<string, string> = {};
  for (const [name, shades] of Object.entries(theme.colors)) {
    const { filled, lightText } = readableShades(shades);
    light[`--mantine-color-${name}-filled`] = filled;
    light[`--mantine-color-${name}-filled-hover`] = darken(filled, 0.1);
    // Outline buttons and badges write in the fill's colour on the page.
    light[`--mantine-color-${name}-outline`] = filled;
    light[`--mantine-color-${name}-light-color`] = lightText;
  }
  // Mantine's placeholder grey (gray.5, 2.1:1) also writes a FileInput's or a Select's words before a choice.
  light['--mantine-color-placeholder'] = darkenToRead(theme.colors.gray[5], WHITE);
  // A field's error (its message, and the value of a Select in error) is written in --mantine-color-error: red.6,
  // 3.3:1 on white (axe's color-contrast on a BOM line refused for a loop).
  light['--mantine-color-error'] = darkenToRead(theme.colors.red[6], WHITE);
  return { variables: {}, light, dark: {} };
};
