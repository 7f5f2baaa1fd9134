// Scrap names a defect code (decisions 070, 076): a step's finish and an output with scrap above zero pick one of the
// company's active codes (stored in scrap_defect_code_id, the reason kept as the note), required while the Quality
// area is on and the company keeps an active code; another company's code or a switched-off one is 404 naming
// scrapDefectCodeId, and nothing changes. The floor, the work order's record and the production report show the code.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '#common/time/calendar.ts';
import { queryRows } from '#server/db/client.ts';
import { qualityShopOf, type TQualityShop } from '../../../tests/setup/floor-quality-shop.ts';
import { createTestApp, type TTestApp } from '../../../tests/setup/test-app.ts';
import { client } from '../../../tests/setup/work-orders-shop.ts';

let t: TTestApp;
let admin: ReturnType<typeof client>;
let shop: TQualityShop;
const codes = { scratch: '', off: '', theirs: '' };

const wo = (id: string, rest = '') => `/api/v1/work-orders/${id}${rest}`;

async function defectCode(companyId: string, code: string, name: string, active = true) {
  const id = randomUUID();
  await t.database.db.execute(
    sql`insert into defect_codes (id, company_id, code, name, active)
        values (${id}, ${companyId}, ${code}, ${name}, ${active})`,
  );
  return id;
}

async function companyOf(cookie: string): Promise<string> {
  return (await client(t, cookie).ok('GET', '/api/v1/session')).user.companyId;
}

beforeAll(async () => {
  t = await createTestApp();
  const cookie = await t.signIn({ email: 'ada@scrap.example', role: 'admin', companyName: 'Scrap Works' });
  admin = client(t, cookie);
  shop = await qualityShopOf(t, cookie, 'X', async () => undefined);
  codes.scratch = await defectCode(shop.companyId, 'SCR-01', 'Scratched');
  codes.off = await defectCode(shop.companyId, 'OLD-01', 'Retired', false);
  const other = await t.signIn({ email: 'bo@other.example', role: 'admin', companyName: 'Other Works' });
  codes.theirs = await defectCode(await companyOf(other), 'THR-01', 'Theirs');
});
afterAll(async () => {
  await t?.close();
});

/** Sends `body` to `url`, expects `status` naming `field` only, and the floor as it was. */
async function refused(id: string, url: string, body: object, status: number, field: string) {
  const before = await admin.ok('GET', wo(id, '/floor'));
  const response = await admin.send('POST', url, body);
  expect(response.statusCode, response.body).toBe(status);
  expect(Object.keys(response.json().error.fieldErrors)).toEqual([field]);
  expect(await admin.ok('GET', wo(id, '/floor'))).toEqual(before);
  return response.json().error.message as string;
}

let id: string;

describe('scrap at a step’s finish', () => {
  it('needs a defect code once the company keeps one, whatever the reason says', async () => {
    id = await shop.released('4');
    await admin.ok('POST', wo(id, `/steps/${shop.steps.torque}/start`));
    const url = wo(id, `/steps/${shop.steps.torque}/finish`);
    const body = { goodQuantity: '3', scrapQuantity: '1', scrapReason: 'Dropped' };
    expect(await refused(id, url, body, 400, 'scrapDefectCodeId')).toBe(
      'Choose the defect code it was scrapped for',
    );
  });

  it('refuses another company’s code and a switched-off one as no such code', async () => {
    const url = wo(id, `/steps/${shop.steps.torque}/finish`);
    for (const code of [codes.theirs, codes.off, randomUUID()]) {
      const body = { goodQuantity: '3', scrapQuantity: '1', scrapDefectCodeId: code };
      expect(await refused(id, url, body, 404, 'scrapDefectCodeId')).toBe(
        'No such active defect code in your company.',
      );
    }
  });

  it('stores the code with the reason as its note, and the floor shows it', async () => {
    const floor = await admin.ok('POST', wo(id, `/steps/${shop.steps.torque}/finish`), {
      goodQuantity: '3',
      scrapQuantity: '1',
      scrapReason: 'Dropped',
      scrapDefectCodeId: codes.scratch,
    });
    expect(floor.steps[0].run).toMatchObject({
      scrapQuantity: '1',
      scrapReason: 'Dropped',
      scrapDefectCode: { id: codes.scratch, code: 'SCR-01', name: 'Scratched' },
    });
    const [row] = await queryRows<{ scrap_defect_code_id: string }>(
      t.database.db,
      sql`select scrap_defect_code_id from work_order_step_runs
           where company_id = ${shop.companyId} and work_order_id = ${id}`,
    );
    expect(row?.scrap_defect_code_id).toBe(codes.scratch);
  });

  it('asks for nothing when nothing is scrapped', async () => {
    await admin.ok('POST', wo(id, `/steps/${shop.steps.seal}/start`));
    const floor = await admin.ok('POST', wo(id, `/steps/${shop.steps.seal}/finish`), { goodQuantity: '3' });
    expect(floor.steps[1].run).toMatchObject({ scrapQuantity: '0', scrapDefectCode: null });
  });
});

describe('scrap at an output', () => {
  it('needs a code, takes one without a reason, and the record and production report name it', async () => {
    const output = (body: object) => ({ idempotencyKey: randomUUID(), goodQuantity: '3', ...body });
    await refused(
      id,
      wo(id, '/outputs'),
      output({ scrapQuantity: '1', scrapReason: 'Bent' }),
      400,
      'scrapDefectCodeId',
    );
    await refused(
      id,
      wo(id, '/outputs'),
      output({ scrapQuantity: '1', scrapDefectCodeId: codes.theirs }),
      404,
      'scrapDefectCodeId',
    );
    const made = await admin.ok(
      'POST',
      wo(id, '/outputs'),
      output({ scrapQuantity: '1', scrapDefectCodeId: codes.scratch }),
      201,
    );
    expect(made.floor.outputs[0]).toMatchObject({
      scrapQuantity: '1',
      scrapReason: null,
      scrapDefectCode: { code: 'SCR-01', name: 'Scratched' },
    });
    await admin.ok('POST', wo(id, '/complete'));
    const { record } = await admin.ok('GET', wo(id));
    expect(record.scrap).toEqual([
      { reason: '', defectCode: 'SCR-01 — Scratched', quantity: '1', stepTitle: null },
      { reason: 'Dropped', defectCode: 'SCR-01 — Scratched', quantity: '1', stepTitle: 'Torque' },
    ]);
    const day = (d: number) => addDays(new Date().toISOString().slice(0, 10), d);
    const report = await admin.ok('GET', `/api/v1/production-report?from=${day(-2)}&to=${day(2)}`);
    expect(report.scrapReasons).toEqual([{ reason: 'SCR-01 — Scratched', quantity: '1' }]);
  });

  it('asks for no code while the company’s Quality area is off (its codes cannot be listed then)', async () => {
    const quality = (on: boolean) =>
      t.database.db.execute(
        sql`update company_settings set enable_quality_feature = ${on} where company_id = ${shop.companyId}`,
      );
    const other = await shop.released('1');
    await admin.ok('POST', wo(other, `/steps/${shop.steps.torque}/start`));
    await quality(false);
    try {
      const floor = await admin.ok('POST', wo(other, `/steps/${shop.steps.torque}/finish`), {
        goodQuantity: '0',
        scrapQuantity: '1',
        scrapReason: 'Dropped',
      });
      expect(floor.steps[0].run).toMatchObject({ scrapReason: 'Dropped', scrapDefectCode: null });
    } finally {
      await quality(true);
    }
  });

  it('is as before in a company that keeps no defect code: a reason is enough', async () => {
    const cookie = await t.signIn({ email: 'cy@plain.example', role: 'admin', companyName: 'Plain Works' });
    const plain = await qualityShopOf(t, cookie, 'P', async () => undefined);
    const c = client(t, cookie);
    const id = await plain.released('2');
    await c.ok('POST', wo(id, `/steps/${plain.steps.torque}/start`));
    const floor = await c.ok('POST', wo(id, `/steps/${plain.steps.torque}/finish`), {
      goodQuantity: '1',
      scrapQuantity: '1',
      scrapReason: 'Dropped',
    });
    expect(floor.steps[0].run).toMatchObject({ scrapReason: 'Dropped', scrapDefectCode: null });
  });
});
