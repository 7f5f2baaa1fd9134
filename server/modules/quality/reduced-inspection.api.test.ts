// Reduced inspection waits for the company's approval (decision 070 "Switching rules", MIL-STD-105E 4.7.3 d), on both
// databases: off (the default), a supplier's lots stay normal after the standard's ten accepted in a row; when an
// admin allows it in the company's configuration, the lot after such a run is sampled reduced; allowed no longer, the
// lot after a reduced one goes back to normal. Turned on late (decision 077), after a supplier's twelve lots were
// accepted under normal, the next lot is reduced: the run already accepted counts (105E 4.7.3 a).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { samplingPlan } from '#common/quality/sampling.ts';
import { inspectionShopOf, inspectorOf } from '../../../tests/setup/inspection-shop.ts';
import { createTestApp, type TTestApp } from '../../../tests/setup/test-app.ts';
import { planFixture } from './inspection-fixtures.ts';

let t: TTestApp;
let shop: Awaited<ReturnType<typeof inspectionShopOf>>;
let admin: ReturnType<typeof inspectorOf>;
let code: string;

beforeAll(async () => {
  t = await createTestApp();
  const cookie = await t.signIn({
    email: 'ada@reduced.example',
    role: 'admin',
    companyName: 'Reduced Works',
  });
  admin = inspectorOf(t, cookie);
  shop = await inspectionShopOf(t, cookie, 'R');
  code = await shop.defectCode('DEF');
});
afterAll(async () => {
  await t?.close();
});

const LOT_SIZE = '50';
const plan = (severity: 'normal' | 'reduced') =>
  samplingPlan({ lotSize: 50, level: 'II', aql: '6.5', severity });

describe('reduced inspection', () => {
  let item: string;
  let lots = 0;
  /** Receives a lot from the supplier; the receipt's hold starts its inspection. */
  const nextLot = async (supplier: string) => {
    lots += 1;
    const posted = await shop.receive(item, LOT_SIZE, `RD-${lots}`, supplier);
    const id: string = posted.heldForInspection[0].inspectionId;
    return { id, inspection: await admin.get(id) };
  };
  const accept = async (id: string) => {
    await admin.recordAll(id, code);
    expect((await admin.finish(id)).json().status).toBe('passed');
  };
  /** The standard's run (4.7.3 a): ten lots in a row accepted under normal inspection. */
  const acceptTen = async (supplier: string) => {
    for (let n = 1; n <= 10; n++) {
      const { id, inspection } = await nextLot(supplier);
      expect(inspection.severity).toBe('normal');
      await accept(id);
    }
  };
  const allowReduced = async (allowReducedInspection: boolean) => {
    const response = await admin.send('PATCH', '/api/v1/company/label-config', { allowReducedInspection });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().allowReducedInspection).toBe(allowReducedInspection);
  };

  beforeAll(async () => {
    item = await shop.item('Reduced');
    await planFixture(t.database.db, shop.companyId, {
      itemId: item,
      stage: 'receipt',
      name: 'AQL incoming',
      sampling: 'aql',
      inspectionLevel: 'II',
      aql: '6.5',
      checks: [{ kind: 'pass_fail', name: 'Cosmetic' }],
    });
  });

  it("stays normal after the standard's ten accepted lots while the company has not allowed it", async () => {
    const config = await admin.ok('GET', '/api/v1/company/label-config');
    expect(config.allowReducedInspection).toBe(false);
    const steady = await shop.supplier('OFF');
    await acceptTen(steady);
    // 105E 4.7.3: ten lots accepted in a row under normal, but the responsible authority has not approved reduced.
    const eleventh = await nextLot(steady);
    expect(eleventh.inspection).toMatchObject({ severity: 'normal', sampleSize: plan('normal').sampleSize });
  });

  it('samples the next lot reduced once the company allows it, and normal again when it no longer does', async () => {
    await allowReduced(true);
    const steady = await shop.supplier('ON');
    await acceptTen(steady);
    const reduced = plan('reduced');
    expect(reduced.sampleSize).toBeLessThan(plan('normal').sampleSize);
    const eleventh = await nextLot(steady);
    expect(eleventh.inspection).toMatchObject({
      severity: 'reduced',
      sampleSize: reduced.sampleSize,
      acceptNumber: reduced.accept,
      rejectNumber: reduced.reject,
    });
    await accept(eleventh.id);

    // Allowed no longer: the lot after a reduced one is inspected normal again (4.7.4 d).
    await allowReduced(false);
    const twelfth = await nextLot(steady);
    expect(twelfth.inspection.severity).toBe('normal');
  });

  it('counts the lots accepted under normal before the company allowed reduced: the next lot is reduced', async () => {
    const late = await shop.supplier('LATE');
    await acceptTen(late);
    for (let n = 1; n <= 2; n++) {
      const { id, inspection } = await nextLot(late);
      expect(inspection.severity).toBe('normal');
      await accept(id);
    }
    await allowReduced(true);
    const thirteenth = await nextLot(late);
    expect(thirteenth.inspection).toMatchObject({
      severity: 'reduced',
      sampleSize: plan('reduced').sampleSize,
    });
    await allowReduced(false);
  });
});
