// Screenshots for the help articles (docs/help-articles.md): taken from the real screen by the end-to-end test that
// reaches it, into the folder the articles' images come from. An article may only name a screenshot that a spec takes
// with this function (web/features/help/articles.test.ts reads the specs for these calls).
import type { Page } from '@playwright/test';

/** Where the web app bundles the articles' screenshots from. */
export const HELP_SCREENSHOT_DIR = 'web/features/help/screenshots';

/** The two widths every screenshot is taken at: a desktop and a phone. */
export const HELP_SCREENSHOT_WIDTHS = { desktop: 1280, phone: 360 } as const;

/**
 * Saves the visible part of `page` as `<name>.png` (a viewport, not the full page, keeps the files small). Call it
 * with a literal name: `takeHelpScreenshot(page, 'stock-check-1280')`.
 */
export async function takeHelpScreenshot(page: Page, name: string): Promise<void> {
  // A blinking caret or a running transition would make every run's file differ.
  await page.screenshot({
    path: `${HELP_SCREENSHOT_DIR}/${name}.png`,
    animations: 'disabled',
    caret: 'hide',
  });
}
