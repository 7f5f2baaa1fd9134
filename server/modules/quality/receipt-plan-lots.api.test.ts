// A receipt plan needs lots to hold (decision 070), on both databases: an item's lot tracking and the company's lot
// numbers cannot be turned off while a receipt plan is in force for it (409 naming the field, nothing of the change
// kept), and a receipt plan is not released or switched on while either is off.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LABEL_CONFIG_MESSAGES } from '#common/label-config.ts';
import { PLAN_MESSAGES } from '#common/schemas/inspection-plans.ts';
import { ITEM_MESSAGES } from '#common/schemas/inventory-setup.ts';
import { createTestApp, type TTestApp } from '../../../tests/setup/test-app.ts';
import { client } from '../../../tests/setup/work-orders-shop.ts';

let t: TTestApp;
let admin: ReturnType<typeof client>;

const finish = {
  kind: 'choice',
  name: 'Finish',
  choices: ['Matt', 'Gloss', 'Scratched'],
  acceptedChoices: ['Matt', 'Gloss'],
};

beforeAll(async () => {
  t = await createTestApp();
  admin = client(t, await t.signIn({ email: 'ada@lots.example', role: 'admin', companyName: 'Lot Works' }));
});
afterAll(async () => {
  await t?.close();
});

/** A lot-tracked item and its receipt plan with a draft of one check; released unless `draft`. */
async function receiptPlan(partNumber: string, name: string, { draft = false } = {}) {
  const item = await admin.ok('POST', '/api/v1/items', { partNumber, name, lotTracked: true }, 201);
  const plan = await admin.ok(
    'POST',
    '/api/v1/inspection-plans',
    { itemId: item.id, stage: 'receipt', name },
    201,
  );
  await admin.ok('PUT', `/api/v1/inspection-plan-versions/${plan.draftVersionId}`, {
    sampling: 'all',
    checks: [finish],
  });
  if (!draft) await admin.ok('POST', `/api/v1/inspection-plan-versions/${plan.draftVersionId}/release`);
  return { item, plan };
}
const lotNumbers = async () => (await admin.ok('GET', '/api/v1/company/label-config')).useLotNumbers;

describe('receipt plans and lots', () => {
  it('refuse turning off the lots of an item whose receipt plan is in force (409 naming lotTracked), until it is switched off', async () => {
    const lotted = await admin.ok(
      'POST',
      '/api/v1/items',
      { partNumber: 'BRG-LOTS', name: 'Lotted bearing', lotTracked: true },
      201,
    );
    const made = await admin.ok(
      'POST',
      '/api/v1/inspection-plans',
      { itemId: lotted.id, stage: 'receipt', name: 'Incoming lotted bearings' },
      201,
    );
    // A draft alone holds nothing: lot tracking may still go (the release would be refused).
    await admin.ok('PATCH', `/api/v1/items/${lotted.id}`, { lotTracked: false });
    await admin.ok('PATCH', `/api/v1/items/${lotted.id}`, { lotTracked: true });
    await admin.ok('PUT', `/api/v1/inspection-plan-versions/${made.draftVersionId}`, {
      sampling: 'all',
      checks: [finish],
    });
    await admin.ok('POST', `/api/v1/inspection-plan-versions/${made.draftVersionId}/release`);

    const message = ITEM_MESSAGES.lotsNeededByReceiptPlan('BRG-LOTS', 'Incoming lotted bearings');
    const refused = await admin.send('PATCH', `/api/v1/items/${lotted.id}`, {
      name: 'Renamed with it',
      lotTracked: false,
    });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error.fieldErrors).toEqual({ lotTracked: message });
    expect(refused.json().error.message).toBe(message);
    // Nothing of the change was kept, its other fields included.
    const kept = await admin.ok('GET', `/api/v1/items/${lotted.id}`);
    expect([kept.lotTracked, kept.name]).toEqual([true, 'Lotted bearing']);
    // Other changes of the item still go through.
    await admin.ok('PATCH', `/api/v1/items/${lotted.id}`, { name: 'Lotted bearing 6004' });

    // Switched off, the plan no longer holds receipts: lot tracking may go, and the plan stays off.
    await admin.ok('PUT', `/api/v1/inspection-plans/${made.id}`, {
      name: 'Incoming lotted bearings',
      active: false,
    });
    const off = await admin.ok('PATCH', `/api/v1/items/${lotted.id}`, { lotTracked: false });
    expect(off.lotTracked).toBe(false);
    const switchOn = await admin.send('PUT', `/api/v1/inspection-plans/${made.id}`, {
      name: 'Incoming lotted bearings',
      active: true,
    });
    expect(switchOn.statusCode, switchOn.body).toBe(409);
    expect(switchOn.json().error.fieldErrors).toEqual({
      active: PLAN_MESSAGES.receiptOnNeedsLots('BRG-LOTS'),
    });
    expect((await admin.ok('GET', `/api/v1/inspection-plans/${made.id}`)).active).toBe(false);
  });

  it('refuse turning off the company’s lot numbers while a receipt plan is in force (409 naming useLotNumbers)', async () => {
    const drafted = await receiptPlan('GSK-DRAFT', 'Incoming gaskets', { draft: true });
    // A draft holds nothing: lot numbers may go, but the draft is not released while they are off.
    await admin.ok('PATCH', '/api/v1/company/label-config', { useLotNumbers: false });
    const release = await admin.send(
      'POST',
      `/api/v1/inspection-plan-versions/${drafted.plan.draftVersionId}/release`,
    );
    expect(release.statusCode, release.body).toBe(409);
    expect(release.json().error.message).toBe(LABEL_CONFIG_MESSAGES.companyLotsOff);
    await admin.ok('PATCH', '/api/v1/company/label-config', { useLotNumbers: true });

    const { plan } = await receiptPlan('AAA-ORING', 'Incoming O-rings');
    await admin.ok('POST', `/api/v1/inspection-plan-versions/${drafted.plan.draftVersionId}/release`);
    const refused = await admin.send('PATCH', '/api/v1/company/label-config', {
      useLotNumbers: false,
      allowBorrowing: true,
    });
    const message = LABEL_CONFIG_MESSAGES.lotsNeededByReceiptPlans(2, 'AAA-ORING (Incoming O-rings)');
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error.fieldErrors).toEqual({ useLotNumbers: message });
    // Nothing of the change was kept, the other setting included.
    const kept = await admin.ok('GET', '/api/v1/company/label-config');
    expect([kept.useLotNumbers, kept.allowBorrowing]).toEqual([true, false]);

    // With both plans switched off, lot numbers may go; switching one on again is refused while they are off.
    for (const [id, name] of [
      [plan.id, 'Incoming O-rings'],
      [drafted.plan.id, 'Incoming gaskets'],
    ])
      await admin.ok('PUT', `/api/v1/inspection-plans/${id}`, { name, active: false });
    await admin.ok('PATCH', '/api/v1/company/label-config', { useLotNumbers: false });
    expect(await lotNumbers()).toBe(false);
    const switchOn = await admin.send('PUT', `/api/v1/inspection-plans/${plan.id}`, {
      name: 'Incoming O-rings',
      active: true,
    });
    expect(switchOn.statusCode, switchOn.body).toBe(409);
    expect(switchOn.json().error.fieldErrors).toEqual({ active: LABEL_CONFIG_MESSAGES.companyLotsOff });
    expect((await admin.ok('GET', `/api/v1/inspection-plans/${plan.id}`)).active).toBe(false);
  });
});
