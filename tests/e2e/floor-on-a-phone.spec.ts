// Issue 29, "On the floor (390 px)", on a phone with touch (Chromium's device emulation): every action of a scan card
// (an item, a lot, a location, a work order, a machine) shows its whole label at 390 and 360 px, and the work order's
// due date is in the company's format; on the floor view of a step with a picture the scan box is on the first
// screen, "Put away at" is picked by touch and the output is put away there, and the floor's messages sit in the
// page, never over the step's title; "Can we build it?" shows every figure of a part (as cards) at 390 px; a number
// field has no steppers too small to tap; axe finds nothing serious on the scan page, the floor view and the order
// page.
import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectAccessible } from './support/axe.ts';
import { itemLedger } from './support/build-api.ts';
import { DUE_ON, setUpFloorShop } from './support/floor-phone.ts';
import { signUpCompany } from './support/session.ts';
import { visitorAddress } from './support/visitor.ts';

test.describe.configure({ timeout: 180_000 });
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': visitorAddress(29) });
});

/** Labels of the card's actions whose text is wider than their box (cut), each with both widths. */
async function cutLabels(card: Locator): Promise<string[]> {
  return card
    .locator('.mantine-Button-label')
    .evaluateAll((labels) =>
      labels
        .filter((l) => l.scrollWidth > l.clientWidth || l.scrollHeight > l.clientHeight)
        .map(
          (l) => `${l.textContent}: ${l.scrollWidth}×${l.scrollHeight} in ${l.clientWidth}×${l.clientHeight}`,
        ),
    );
}

/** Types `code` into "Type a code" and taps Find; the code's card once it shows what was found. */
async function scan(page: Page, code: string): Promise<Locator> {
  await page.getByRole('textbox', { name: 'Type a code' }).fill(code);
  await page.getByRole('button', { name: 'Find' }).tap();
  const card = page.getByRole('article', { name: `Scan ${code}` });
  await expect(card.getByRole('heading', { level: 3 })).toBeVisible();
  return card;
}

/** Whether `locator`'s box lies wholly inside the window (no scrolling needed to see it). */
async function inFirstScreen(page: Page, locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  const height = page.viewportSize()!.height;
  return box !== null && box.y >= 0 && box.y + box.height <= height;
}

test('on a phone the floor works by touch: whole labels, the scan box in view, a picker by touch, messages in the page, every figure of a part', async ({
  page,
}) => {
  await signUpCompany(page, 'floorphone');
  const shop = await setUpFloorShop(page);

  await test.step('Scan: each card shows its actions whole, at 390 and at 360 px', async () => {
    await page.goto('/scan');
    const cards = {
      item: await scan(page, 'RM-10'),
      lot: await scan(page, 'L-0001'),
      location: await scan(page, 'B2'),
      'work order': await scan(page, shop.workOrderNumber),
      machine: await scan(page, 'PB-200'),
    };
    await expect(cards.machine.getByRole('link', { name: 'Report a breakdown' })).toBeVisible();
    await expect(cards.machine.getByRole('link', { name: 'Start due maintenance' })).toBeVisible();
    await expect(cards['work order'].getByRole('link', { name: 'Open on the floor' })).toBeVisible();
    await expect(cards.location.getByRole('button', { name: 'Start a count' })).toBeVisible();
    // The due date as every other screen writes it (the company's format), not the API's 2026-12-04.
    await expect(cards['work order']).toContainText('due Dec 4, 2026');
    await expect(cards['work order'].locator('time')).toHaveAttribute('datetime', DUE_ON);
    for (const width of [390, 360]) {
      await page.setViewportSize({ width, height: 844 });
      for (const [kind, card] of Object.entries(cards))
        expect(await cutLabels(card), `${kind} card at ${width} px`).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    }
    await page.setViewportSize({ width: 390, height: 844 });
    await expectAccessible(page, 'the scan page with five cards at 390 px');
  });

  await test.step('The floor view: the step with a picture, and the scan box on the first screen', async () => {
    await page.goto(`/build/work-order?id=${shop.workOrderId}&view=floor`);
    const title = page.getByRole('heading', { name: 'Step 1 of 1: Clamp and weld', level: 2 });
    await expect(title).toBeVisible();
    await expect(page.getByRole('img', { name: 'Where the plates sit' })).toBeVisible();
    const scanBox = page.getByRole('textbox', { name: 'Scan or type a label' });
    expect(await inFirstScreen(page, scanBox), 'the scan box needs no scrolling').toBe(true);
    expect(await inFirstScreen(page, title)).toBe(true);
    // The picture opens full size on a tap, and closes.
    await page.getByRole('button', { name: 'Show Where the plates sit full size' }).tap();
    const full = page.getByRole('dialog', { name: 'Where the plates sit' });
    await expect(full.getByRole('img', { name: 'Where the plates sit' })).toBeVisible();
    await full.getByRole('button', { name: 'Close' }).tap();
    await expect(full).toHaveCount(0);
    await expectAccessible(page, 'the floor view of a step with a picture at 390 px');
  });

  await test.step('Consuming: its message sits in the page and covers neither the header nor the step title', async () => {
    const consume = page.getByRole('form', { name: 'Consume a component' });
    await consume.getByRole('textbox', { name: 'Scan or type a label' }).fill('RM-10');
    await consume.getByRole('textbox', { name: 'Quantity' }).fill('4');
    await consume.getByRole('button', { name: 'Consume' }).tap();
    const message = page.getByRole('status').filter({ hasText: 'Consumed' });
    await expect(message).toContainText('4 of RM-10 from FLOOR / B1');
    const title = page.getByRole('heading', { name: 'Step 1 of 1: Clamp and weld', level: 2 });
    await title.scrollIntoViewIfNeeded();
    const [said, step] = [(await message.boundingBox())!, (await title.boundingBox())!];
    const overlaps = said.y < step.y + step.height && step.y < said.y + said.height;
    expect(overlaps, 'the message and the step title do not overlap').toBe(false);
    // Nothing of the floor floats over the page (Mantine's notifications are the app's only toasts).
    await expect(page.locator('.mantine-Notification-root')).toHaveCount(0);
    await expectAccessible(page, 'the floor view after a consumption');
  });

  await test.step('"Put away at" by touch: tapped, B2 picked, shown, and the output is put away there', async () => {
    const output = page.getByRole('form', { name: 'Record output' });
    await output.getByRole('textbox', { name: 'Good' }).fill('2');
    const picker = output.getByRole('combobox', { name: 'Put away at' });
    await expect(picker).toHaveValue('FLOOR / B1');
    // As an operator reaches it: scrolled to the bottom of the page, then tapped.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await picker.tap();
    expect(await inFirstScreen(page, picker), 'the field stays on the screen').toBe(true);
    await expect(page.getByRole('option', { name: /^FLOOR \/ B1/ })).toBeVisible();
    // Empty, the list shows the sites and the chosen bin: the operator types part of the other bin's code.
    await picker.fill('B2');
    const b2 = page.getByRole('option', { name: /^FLOOR \/ B2/ });
    await expect(b2).toBeVisible();
    await b2.tap();
    await expect(picker).toHaveValue('FLOOR / B2');
    await output.getByRole('button', { name: 'Record output' }).tap();
    const said = page.getByRole('region', { name: 'Output' }).getByRole('status');
    await expect(said).toContainText('Output recorded');
    // The good units are in B2, read from the item's ledger (the app's own endpoint).
    const ledger = await itemLedger(page, shop.fixtureId);
    const out = ledger.filter((r) => r.kind === 'build-output');
    expect(out.map((r) => [r.locationCode, r.quantityDelta])).toEqual([['FLOOR / B2', '2']]);
    // Its ✕ dismisses the message.
    await said.getByRole('button', { name: 'Dismiss' }).tap();
    await expect(said).toBeEmpty();
  });

  await test.step('"Can we build it?" at 390 px: every part as a card with all its figures', async () => {
    await page.goto(`/build/create-order?id=${shop.orderId}`);
    await expect(page.getByRole('heading', { name: 'Can we build it?' })).toBeVisible();
    const needed = page.getByRole('region', { name: 'Components needed' });
    const plate = needed.getByRole('article', { name: 'RM-10' });
    for (const figure of [/Needed 40 ea/, /Available \d+ ea/, /Missing \d+ ea/])
      await expect(plate).toContainText(figure);
    await plate.scrollIntoViewIfNeeded();
    const box = (await plate.boundingBox())!;
    expect(box.x + box.width, 'the card ends inside the screen').toBeLessThanOrEqual(390);
    await expect(page.getByRole('table', { name: 'Components needed' })).toBeHidden();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page, 'the order page with "Can we build it?" at 390 px');
  });

  await test.step('A number field on a touch screen has no steppers too small to tap', async () => {
    await page.goto('/label-config');
    const width = page.getByRole('textbox', { name: 'Width (inches)' });
    await expect(width).toBeVisible();
    // Mantine's steppers are 24 × 17 px: on a touch screen they go, and the keypad types the number.
    await expect(page.locator('.mantine-NumberInput-controls')).toHaveCount(
      await page.locator('.mantine-NumberInput-controls').count(),
    );
    for (const steppers of await page.locator('.mantine-NumberInput-controls').all())
      await expect(steppers).toBeHidden();
  });
});
