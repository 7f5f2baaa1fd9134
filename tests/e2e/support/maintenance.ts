// How the specs of the Maintenance screens start: the signed-in admin's company with the area switched on through the
// API, and the cookie banner answered once as a visitor would. Pressing the Config screen's own switch is the
// maintenance journey's subject (maintenance-journey.spec.ts); here it would only cost every test a page load.
import type { Page } from '@playwright/test';
import { patchLabelConfig } from './session.ts';

export async function switchMaintenanceOn(page: Page): Promise<void> {
  await page.addInitScript(() => window.localStorage.setItem('cookie-consent', 'declined'));
  await patchLabelConfig(page.request, { enableMaintenanceFeature: true });
}
