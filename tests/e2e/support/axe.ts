// axe-core checks for the accessibility specs: WCAG 2.0 and 2.1, levels A and AA, and only what axe calls serious or
// critical fails (docs/decisions/040-web-kit.md, "Accessibility checks").
import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * Waits until nothing is loading (no spinner or skeleton shows) and no transition or finite animation has run for ten
 * frames in a row: a dialog or a notification fading in is read by axe at part opacity, and its text then fails
 * contrast that the settled one passes. One quiet frame is not enough: a notification shown by the same response as
 * an inline error starts its transition a frame or two after the error is on screen (CI saw a toast's title at
 * 2.84:1 over the dialog).
 */
export async function settled(page: Page): Promise<void> {
  await expect(
    page.locator('.mantine-Loader-root, .mantine-Skeleton-root').filter({ visible: true }),
  ).toHaveCount(0);
  await page.evaluate(() => {
    (window as { quietFrames?: number }).quietFrames = 0;
  });
  await page.waitForFunction(
    () => {
      const w = window as { quietFrames?: number };
      const moving = document
        .getAnimations()
        .some((a) => a.playState === 'running' && a.effect?.getComputedTiming().iterations !== Infinity);
      w.quietFrames = moving ? 0 : (w.quietFrames ?? 0) + 1;
      return w.quietFrames >= 10;
    },
    undefined,
    { polling: 'raf' },
  );
}

/**
 * Runs axe on the whole page as it is now and records (softly, so that one test reports every state it checks) each
 * serious or critical violation with its rule, impact, elements and help.
 */
export async function expectAccessible(page: Page, what: string, { loading = false } = {}): Promise<void> {
  // Motion stops for the check: a toast whose time runs out while axe reads the page would otherwise be read half
  // faded (CI saw a "Plan added" toast fading out over a dialog's overlay at 1.04:1). Without transitions it goes
  // straight from shown to gone (opacity 0, which axe skips), so axe sees only the states a person reads.
  const still = await page.addStyleTag({ content: STILL });
  try {
    if (!loading) await settled(page);
    // Only violations are worked out in full: the passes of a long page made each run several times slower.
    const results = await new AxeBuilder({ page })
      .withTags(TAGS)
      .options({ resultTypes: ['violations'] })
      .analyze();
    report(results.violations, what);
  } finally {
    await still.evaluate((style) => (style as Element).remove());
  }
}

/** No transition runs and a finite animation ends as it starts (infinite ones, like a loader's spin, do not matter). */
const STILL =
  '*, *::before, *::after { transition: none !important; animation-duration: 0s !important; animation-delay: 0s !important; }';

function report(violations: Awaited<ReturnType<AxeBuilder['analyze']>>['violations'], what: string): void {
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => {
      // Each element with what axe saw there (for contrast: the colours and the ratio).
      const nodes = v.nodes.map(
        (n) => `${n.target.join(' ')} (${[...n.any, ...n.all, ...n.none][0]?.message ?? ''})`,
      );
      return `${v.id} (${v.impact}): ${v.help} — ${nodes.join('; ')} — ${v.helpUrl}`;
    });
  expect.soft(serious, `axe on ${what}`).toEqual([]);
}

/**
 * Opens a dialog with `open`, waits for it (and for `ready` inside it), checks the page with it open, then closes
 * it.
 */
export async function expectDialogAccessible(
  page: Page,
  name: string | RegExp,
  open: () => Promise<unknown>,
  ready?: (dialog: Locator) => Promise<unknown>,
): Promise<void> {
  await open();
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  if (ready) await ready(dialog);
  await expectAccessible(page, `the dialog ${name}`);
  // Its header's close button (Escape would first close a list open in the dialog).
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await expect(dialog).toHaveCount(0);
}
