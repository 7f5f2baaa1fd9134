// Screenshots for the help articles (docs/help-articles.md): taken from the real screen by the end-to-end test that
// reaches it. An article may only name a screenshot that a spec takes with this function, and that is in the folder
// (tests/architecture/help-articles.test.ts reads the specs for these calls and lists the folder).
//
// The committed PNGs are retaken only on request (`npm run screenshots`, which sets HELP_SCREENSHOTS=1): a plain test
// run must leave the working tree as it found it (issue 29; decision 068). Without the variable the shot is still
// taken, so the screen is drawn and a spec that reaches it fails as before, but it goes to the test's own output.
import { type Page, test } from '@playwright/test';

/** Where the web app bundles the articles' screenshots from. */
export const HELP_SCREENSHOT_DIR = 'web/features/help/screenshots';

/** The two widths every screenshot is taken at: a desktop and a phone. */
export const HELP_SCREENSHOT_WIDTHS = { desktop: 1280, phone: 360 } as const;

/** True when this run retakes the committed screenshots (`npm run screenshots`). */
export const RETAKE_HELP_SCREENSHOTS = process.env.HELP_SCREENSHOTS === '1';

/**
 * Saves the visible part of `page` as `<name>.png` (a viewport, not the full page, keeps the files small): into the
 * articles' folder when the run retakes them, otherwise into the test's output folder. Call it with a literal name:
 * `takeHelpScreenshot(page, 'stock-check-1280')`.
 */
export async function takeHelpScreenshot(
  page: Page,
  name: string,
  options: { hideToasts?: boolean } = {},
): Promise<void> {
  const path = RETAKE_HELP_SCREENSHOTS
    ? `${HELP_SCREENSHOT_DIR}/${name}.png`
    : test.info().outputPath(`help-screenshots/${name}.png`);
  // A blinking caret or a running transition would make every run's file differ. A shot of a page (rather than of
  // what an action answered) hides the toasts of what the test did before, which would cover the page's buttons.
  await page.screenshot({
    path,
    animations: 'disabled',
    caret: 'hide',
    ...(options.hideToasts ? { style: '.mantine-Notifications-root { display: none !important; }' } : {}),
  });
}
