// What settles a held lot (decision 073, 2026-12-01), on both databases: a failed inspection's hold names its
// nonconformance instead of "awaiting inspection"; a disposition decides part of a nonconformance and leaves the rest
// open and the lot held; the lot comes off hold only once nothing of it is left undecided (every nonconformance on it
// decided in full, every unit covered by a decision unless the inspection that held it passed); and the lot's hold
// history says each step with the inspection or nonconformance behind it.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { heldLotWaiting, lotHoldWaits } from '#common/quality/lot-hold-waits.ts';
import { NC_MESSAGES } from '#common/schemas/nonconformances.ts';
import { inspectionShopOf, inspectorOf } from '../../../tests/setup/inspection-shop.ts';
import { createTestApp, type TTestApp } from '../../../tests/setup/test-app.ts';
import { client } from '../../../tests/setup/work-orders-shop.ts';
import { planFixture } from './inspection-fixtures.ts';
import { lotHolds } from './inspections.tables.ts';

let t: TTestApp;
let shop: Awaited<ReturnType<typeof inspectionShopOf>>;
let admin: ReturnType<typeof inspectorOf>;
let colleague: ReturnType<typeof client>;
let scratch: string;
let inspected: string;
let free: string;

const NC = '/api/v1/nonconformances';
const AWAITING = 'Awaiting receipt inspection (Incoming look)';

const holdsOf = (lotId: string) => admin.ok('GET', `/api/v1/lots/${lotId}/holds`);

beforeAll(async () => {
  t = await createTestApp();
  const cookie = await t.signIn({ email: 'ada@settle.example', role: 'admin', companyName: 'Settle Works' });
  admin = inspectorOf(t, cookie);
  colleague = client(
    t,
    await t.signIn({ email: 'cleo@settle.example', role: 'user', companyName: 'Settle Works' }),
  );
  shop = await inspectionShopOf(t, cookie, 'S');
  scratch = await shop.defectCode('SCR');
  inspected = await shop.item('RM');
  free = await shop.item('FREE');
  await planFixture(t.database.db, shop.companyId, {
    itemId: inspected,
    stage: 'receipt',
    name: 'Incoming look',
    sampling: 'fixed',
    sampleCount: 2,
    checks: [{ kind: 'pass_fail', name: 'Finish' }],
  });
});
afterAll(async () => {
  await t?.close();
});

describe('a lot held by an inspection that fails', () => {
  it('says it is held pending the nonconformance, and comes off hold only once all of it is decided', async () => {
    const posted = await shop.receive(inspected, '40', 'SR-1');
    const inspectionId: string = posted.heldForInspection[0].inspectionId;
    const lot = await shop.lot('SR-1');
    expect(lot).toMatchObject({ onHold: true, holdReason: AWAITING });
    await admin.recordAll(inspectionId, scratch, { 0: [1] });
    const done = await admin.finish(inspectionId);
    expect(done.statusCode, done.body).toBe(200);
    const { label, nonconformanceId } = done.json();
    const nc = await admin.ok('GET', `${NC}/${nonconformanceId}`);
    const reason = `Failed inspection ${label}: held pending ${nc.numberText}`;
    expect(done.json().lotHoldReason).toBe(reason);
    expect(await shop.lot('SR-1')).toMatchObject({ onHold: true, holdReason: reason });
    const history = await holdsOf(lot.id);
    expect(history.items).toEqual([
      expect.objectContaining({
        action: 'changed',
        reason,
        inspection: { id: inspectionId, label },
        nonconformance: { id: nonconformanceId, numberText: nc.numberText },
      }),
      expect.objectContaining({ action: 'hold', reason: AWAITING, inspection: { id: inspectionId, label } }),
    ]);

    // Six are scrapped: 34 are still undecided, the nonconformance stays open and the lot held.
    const part = await admin.ok('POST', `${NC}/${nonconformanceId}/disposition`, {
      disposition: 'scrap',
      quantity: '6',
    });
    expect(part).toMatchObject({
      status: 'open',
      decidedQuantity: '6',
      undecidedQuantity: '34',
      lotOnHold: true,
      dispositions: ['scrap'],
    });
    expect(lotHoldWaits(part.lotHold.facts)).toEqual([
      { kind: 'nonconformance', id: nonconformanceId, numberText: nc.numberText, quantity: '34' },
    ]);
    // The lot's own page reads the same facts, for the line under its hold.
    const lotPage = await colleague.ok('GET', `/api/v1/lots/${lot.id}`);
    expect(lotPage.holdFacts).toEqual(part.lotHold.facts);
    expect(heldLotWaiting(lotPage.holdFacts, 'ea')).toBe(
      `Waiting for ${nc.numberText} (34 ea undecided). It comes off hold by itself once these are done.`,
    );
    const early = await colleague.send('POST', `${NC}/${nonconformanceId}/close`);
    expect(early.statusCode, early.body).toBe(409);
    expect(early.json().error.message).toBe(NC_MESSAGES.notDispositioned('34'));
    const over = await admin.send('POST', `${NC}/${nonconformanceId}/disposition`, {
      disposition: 'use_as_is',
      quantity: '35',
    });
    expect(over.statusCode, over.body).toBe(400);
    expect(over.json().error.fieldErrors).toEqual({ quantity: NC_MESSAGES.overQuantity('34') });

    // The other 34 are used as is: nothing is left undecided, so the lot comes off hold, naming the nonconformance.
    const rest = await admin.ok('POST', `${NC}/${nonconformanceId}/disposition`, {
      disposition: 'use_as_is',
      quantity: '34',
    });
    expect(rest).toMatchObject({
      status: 'dispositioned',
      undecidedQuantity: '0',
      lotOnHold: false,
      lotHold: null,
      dispositions: ['scrap', 'use_as_is'],
    });
    expect(rest.dispositionLog.map((d: { lotReleased: boolean }) => d.lotReleased)).toEqual([false, true]);
    expect((await colleague.ok('GET', `/api/v1/lots/${lot.id}`)).holdFacts).toBeNull();
    const [latest] = (await holdsOf(lot.id)).items;
    expect(latest).toMatchObject({
      action: 'release',
      nonconformance: { id: nonconformanceId, numberText: nc.numberText },
    });
    const closed = await colleague.ok('POST', `${NC}/${nonconformanceId}/close`);
    expect(closed.status).toBe('closed');
  });

  it('keeps a passed lot held while a nonconformance on it is undecided, saying so', async () => {
    const posted = await shop.receive(inspected, '5', 'SR-2');
    const inspectionId: string = posted.heldForInspection[0].inspectionId;
    const lot = await shop.lot('SR-2');
    const nc = await colleague.ok(
      'POST',
      NC,
      { itemId: inspected, lotId: lot.id, quantity: '2', description: 'Two dented' },
      201,
    );
    await admin.recordAll(inspectionId, scratch);
    const done = await admin.finish(inspectionId);
    expect(done.json()).toMatchObject({ status: 'passed' });
    expect(await shop.lot('SR-2')).toMatchObject({
      onHold: true,
      holdReason: `Passed inspection ${done.json().label}; held pending ${nc.numberText}`,
    });
    // The inspection vouched for the rest: scrapping the two dented settles the lot.
    const settled = await admin.ok('POST', `${NC}/${nc.id}/disposition`, {
      disposition: 'scrap',
      quantity: '2',
    });
    expect(settled).toMatchObject({ status: 'dispositioned', lotOnHold: false });
  });
});

describe('a lot held by a person, with a nonconformance on part of it', () => {
  it('stays held for the units no decision covers until an admin releases it', async () => {
    await shop.receive(free, '40', 'SF-1');
    const lot = await shop.lot('SF-1');
    await colleague.ok('POST', `/api/v1/lots/${lot.id}/hold`, { reason: 'Ten look scratched' });
    const nc = await colleague.ok(
      'POST',
      NC,
      { itemId: free, lotId: lot.id, quantity: '10', description: 'Scratched' },
      201,
    );
    const done = await admin.ok('POST', `${NC}/${nc.id}/disposition`, {
      disposition: 'use_as_is',
      quantity: '10',
    });
    // Ten used as is say nothing of the other thirty: the lot stays held, and says what it waits for.
    expect(done).toMatchObject({ status: 'dispositioned', lotOnHold: true });
    expect(lotHoldWaits(done.lotHold.facts)).toEqual([{ kind: 'unjudged', quantity: '30' }]);
    expect(await shop.lot('SF-1')).toMatchObject({ onHold: true, holdReason: 'Ten look scratched' });
    await admin.ok('POST', `/api/v1/lots/${lot.id}/release`, { reason: 'The other thirty checked: fine' });
    const releases = await t.database.db
      .select()
      .from(lotHolds)
      .where(and(eq(lotHolds.lotId, lot.id), eq(lotHolds.action, 'release')));
    expect(releases).toHaveLength(1);
    // Another company reads none of it.
    const stranger = client(
      t,
      await t.signIn({ email: 'ola@elsewhere.example', role: 'admin', companyName: 'Elsewhere Works' }),
    );
    const theirs = await stranger.send('GET', `/api/v1/lots/${lot.id}/holds`);
    expect(theirs.statusCode).toBe(404);
    const theirNc = await stranger.send('GET', `${NC}/${nc.id}`);
    expect(theirNc.statusCode).toBe(404);
    expect(theirNc.body).not.toContain('Scratched');
  });
});
