// The steps of the Build journey (tests/e2e/build-journey.spec.ts), with the locators and waits the separate Build
// specs proved: assembly-setup (the BOM editor), step-media (a video on a step), manage-orders, work-orders and
// shop-floor (the phone's run). Only plain master data goes through the API here; everything else is the screens.
import { expect, type Locator, type Page } from '@playwright/test';

/** The 2-second VP8 WebM the step-media spec uploads (Debian's Chromium has no H.264). */
export const STEP_CLIP = 'tests/fixtures/step-clip.webm';

async function post(page: Page, url: string, data: object) {
  const response = await page.request.post(url, { data });
  expect(response.status(), await response.text()).toBe(201);
  return response.json();
}

/**
 * The master data a colleague would have entered before: the items (LAMP, its head HEAD — which becomes the
 * sub-assembly — the WIRE they take, and the BOLT the head is made of; all lot-tracked), the bins MAIN / BIN and
 * MAIN / OUT, and the stock on the shelf: 3 heads (lot H-1), 4 wires (lot W-1) and 20 bolts (lot B-1).
 */
export async function masterData(page: Page) {
  const ids: Record<'LAMP' | 'HEAD' | 'WIRE' | 'BOLT', string> = { LAMP: '', HEAD: '', WIRE: '', BOLT: '' };
  for (const [partNumber, name, unitCost] of [
    ['LAMP', 'Desk lamp', '30'],
    ['HEAD', 'Lamp head', '12'],
    ['WIRE', 'Wire', '1.5'],
    ['BOLT', 'Bolt', '0.25'],
  ] as const)
    ids[partNumber] = (
      await post(page, '/api/v1/items', { partNumber, name, unitCost, lotTracked: true })
    ).id;
  const site = (await post(page, '/api/v1/locations', { kind: 'site', code: 'MAIN', name: 'Main' })).id;
  const bin = (
    await post(page, '/api/v1/locations', { kind: 'bin', parentId: site, code: 'BIN', name: 'Bin' })
  ).id;
  await post(page, '/api/v1/locations', { kind: 'bin', parentId: site, code: 'OUT', name: 'Out' });
  for (const [itemId, quantity, lotNumber] of [
    [ids.HEAD, '3', 'H-1'],
    [ids.WIRE, '4', 'W-1'],
    [ids.BOLT, '20', 'B-1'],
  ] as const)
    await post(page, '/api/v1/stock/transactions', {
      kind: 'receive',
      idempotencyKey: crypto.randomUUID(),
      lines: [{ itemId, locationId: bin, quantity, lotNumber }],
    });
  return ids;
}

/** Types a part number into an item picker and chooses the item. */
async function pickItem(page: Page, box: Locator, partNumber: string) {
  await box.click();
  await box.fill(partNumber);
  await page.getByRole('option', { name: new RegExp(`^${partNumber} ·`) }).click();
}

/** Picks a location in a LocationSelect by typing its last code and choosing the option with this full code. */
export async function pickLocation(page: Page, box: Locator, fullCode: string) {
  await box.fill(fullCode.split(' / ').at(-1)!);
  await page
    .getByRole('option')
    .filter({ has: page.getByText(fullCode, { exact: true }) })
    .click();
}

/** "New assembly" on the Assembly Setup list: the item chosen in the picker; the assembly's page opens on its draft. */
export async function newAssembly(page: Page, partNumber: string) {
  await expect(page.getByRole('heading', { name: 'Assembly Setup', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'New assembly' }).click();
  const form = page.getByRole('form', { name: 'New assembly' });
  await pickItem(page, form.getByRole('combobox', { name: 'Item that is built' }), partNumber);
  await form.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByRole('heading', { name: partNumber, level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Revision 1' })).toBeVisible();
}

/** Adds component line `n` to the draft's form. */
export async function addComponent(page: Page, n: number, partNumber: string, quantity: string) {
  await page.getByRole('button', { name: 'Add component' }).click();
  const line = page.getByRole('group', { name: `Component ${n}` });
  await pickItem(page, line.getByRole('combobox', { name: `Component ${n}` }), partNumber);
  await line.getByRole('textbox', { name: 'Quantity per unit' }).fill(quantity);
}

/** Adds step `n` to the draft's form: its title, instructions and run minutes per unit. */
export async function addStep(
  page: Page,
  n: number,
  title: string,
  instructions: string,
  runMinutes: string,
) {
  await page.getByRole('button', { name: 'Add step' }).click();
  const step = page.getByRole('group', { name: `Step ${n}` });
  await step.getByRole('textbox', { name: `Step ${n} title` }).fill(title);
  await step.getByRole('textbox', { name: 'Instructions' }).fill(instructions);
  await step.getByRole('textbox', { name: 'Run minutes per unit' }).fill(runMinutes);
  return step;
}

/** Chooses `file` in step `n`'s "Add picture or video" file dialog and waits for the upload's 201. */
export async function uploadToStep(page: Page, n: number, file: string) {
  const uploaded = page.waitForResponse((r) => r.url().includes('/api/v1/files?') && r.status() === 201);
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: `Add picture or video to step ${n}` }).click();
  await (await chooser).setFiles(file);
  await uploaded;
}

/** Saves the draft (200) and releases revision 1: the released revision's components table shows. */
export async function saveAndRelease(page: Page) {
  const saved = page.waitForResponse(
    (r) => r.url().includes('/api/v1/assembly-revisions/') && r.request().method() === 'PUT',
  );
  await page.getByRole('button', { name: 'Save draft' }).click();
  expect((await saved).status()).toBe(200);
  await page.getByRole('button', { name: 'Release revision 1…' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Release revision 1', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Edit (new draft)' })).toBeVisible();
  return page.getByRole('table', { name: 'Components of revision 1' });
}

/** What a keyboard-wedge scanner does: types the code into the scan field, then Enter. */
export async function scan(page: Page, code: string) {
  const field = page.getByRole('textbox', { name: 'Scan or type a label' });
  await field.fill('');
  await field.pressSequentially(code);
  await field.press('Enter');
}

/** The step on show on the floor: its heading is "Step n of 3: title". */
export const stepHeading = (page: Page, n: number, title: string) =>
  page.getByRole('heading', { name: `Step ${n} of 3: ${title}`, level: 2 });

/** Starts the step on show: it runs. */
export async function startStep(page: Page) {
  await page.getByRole('button', { name: 'Start', exact: true }).click();
  await expect(page.getByText('Running', { exact: true })).toBeVisible();
}

/** Finishes the step on show with `good` good units (and scrap with a reason when given). */
export async function finishStep(page: Page, good: string, scrap?: { quantity: string; reason: string }) {
  await page.getByRole('button', { name: 'Finish…' }).click();
  const form = page.getByRole('form', { name: 'Finish the step' });
  await form.getByRole('textbox', { name: 'Good' }).fill(good);
  if (scrap) {
    await form.getByRole('textbox', { name: 'Scrap', exact: true }).fill(scrap.quantity);
    await form.getByRole('textbox', { name: 'Scrap reason' }).fill(scrap.reason);
  }
  await form.getByRole('button', { name: 'Finish step' }).click();
}

/** A component's line on the floor ("WIRE Wire: 0 of 6 ea consumed …"). */
export const componentLine = (components: Locator, partNumber: string) =>
  components.getByRole('listitem').filter({ hasText: new RegExp(`^${partNumber} `) });

/**
 * Plays the video (muted, as a clip without sound plays anywhere) until its clock moves, pauses it, then seeks to
 * 1.5 s and waits for the seek to land: the time it landed at.
 */
export async function playAndSeek(
  video: Locator,
): Promise<{ played: number; seeked: number; duration: number }> {
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(1);
  const played = await video.evaluate(
    (v: HTMLVideoElement) =>
      new Promise<number>((resolve, reject) => {
        v.muted = true;
        const moved = () => {
          if (v.currentTime > 0.2) {
            v.removeEventListener('timeupdate', moved);
            v.pause();
            resolve(v.currentTime);
          }
        };
        v.addEventListener('timeupdate', moved);
        v.play().catch(reject);
      }),
  );
  const seeked = await video.evaluate(
    (v: HTMLVideoElement) =>
      new Promise<number>((resolve) => {
        v.addEventListener('seeked', () => resolve(v.currentTime), { once: true });
        v.currentTime = 1.5;
      }),
  );
  return { played, seeked, duration: await video.evaluate((v: HTMLVideoElement) => v.duration) };
}
