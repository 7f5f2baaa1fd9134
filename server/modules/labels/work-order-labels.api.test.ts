// Work-order labels and travellers from Tag Items (decision 053): a work order's label, rasterised by pdftoppm and
// read by zbarimg (QR and Code 128), carries the work order's own code — its scan link, which /scan resolves to that
// work order, the same code its traveller carries and every reprint repeats; its text names the work order. Several
// travellers print as one PDF whose QR codes are those work orders' links, in order. A cancelled work order is
// refused (409 naming the field), another company's is 404, and with Build switched off neither prints.
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compactCode, parseCode, scanLink } from '#common/label-codes.ts';
import { labelReader } from '../../../tests/setup/label-reader.ts';
import { createTestApp, TEST_APP_URL, type TTestApp } from '../../../tests/setup/test-app.ts';
import { client, shopOf } from '../../../tests/setup/work-orders-shop.ts';

let t: TTestApp;
let adminCookie: string;
let admin: ReturnType<typeof client>;
let operator: ReturnType<typeof client>;
let other: ReturnType<typeof client>;
let planned: { id: string; numberText: string };
let released: { id: string; numberText: string };
let cancelled: { id: string; numberText: string };
let otherWorkOrder: { id: string };
let boltId: string;
let qrFormat: string;
let barFormat: string;
const { decode, pageTexts, dispose } = labelReader('work-order-labels-');

const print = (who: ReturnType<typeof client>, targets: object[], formatId = qrFormat, output = 'roll') =>
  who.send('POST', '/api/v1/labels/print', { formatId, output, dpi: 203, targets });
const travellers = (who: ReturnType<typeof client>, workOrderIds: string[]) =>
  who.send('POST', '/api/v1/labels/travellers', { workOrderIds });
const setBuild = async (on: boolean) => {
  const response = await t.app.inject({
    method: 'PATCH',
    url: '/api/v1/company/label-config',
    headers: { origin: TEST_APP_URL, cookie: adminCookie },
    payload: { enableBuildFeature: on },
  });
  expect(response.statusCode, response.body).toBe(200);
};

beforeAll(async () => {
  t = await createTestApp();
  adminCookie = await t.signIn({ email: 'ada@wolabels.example', role: 'admin', companyName: 'Tag Works' });
  admin = client(t, adminCookie);
  operator = client(
    t,
    await t.signIn({ email: 'otto@wolabels.example', role: 'user', companyName: 'Tag Works' }),
  );
  const otherCookie = await t.signIn({ email: 'eve@far.example', role: 'admin', companyName: 'Far Works' });
  other = client(t, otherCookie);

  const shop = await shopOf(t, adminCookie, 'TAG');
  boltId = await shop.item('TAG-BOLT');
  await shop.receive(boltId, '100');
  const top = await shop.released(await shop.item('TAG-TOP'), [{ componentItemId: boltId, quantity: '2' }]);
  const make = (quantity: string, more: object = {}) =>
    admin.ok('POST', '/api/v1/work-orders', { assemblyId: top.assemblyId, quantity, ...more }, 201);
  planned = await make('3', { dueOn: '2027-05-01', outputLocationId: shop.bin });
  released = await make('2');
  await admin.ok('POST', `/api/v1/work-orders/${released.id}/status`, { status: 'released' });
  cancelled = await make('1');
  await admin.ok('POST', `/api/v1/work-orders/${cancelled.id}/status`, { status: 'cancelled' });

  const farShop = await shopOf(t, otherCookie, 'FAR');
  const farTop = await farShop.released(await farShop.item('FAR-TOP'), [
    { componentItemId: await farShop.item('FAR-BOLT'), quantity: '1' },
  ]);
  otherWorkOrder = await other.ok(
    'POST',
    '/api/v1/work-orders',
    { assemblyId: farTop.assemblyId, quantity: '1' },
    201,
  );

  qrFormat = (await admin.ok('GET', '/api/v1/label-formats')).items[0].id;
  barFormat = (
    await admin.ok(
      'POST',
      '/api/v1/label-formats',
      {
        name: 'Job ticket 4 x 2',
        width: '4',
        height: '2',
        unit: 'in',
        symbology: 'code128',
        fields: ['partNumber', 'name', 'location', 'quantity'],
      },
      201,
    )
  ).id;
  // Two companies with released assemblies through the API: slow on a loaded machine, never hung.
}, 120_000);
afterAll(async () => {
  dispose();
  await t?.close();
});

describe('a work order’s label', () => {
  it('carries its scan link, which /scan resolves to it, and names it in its text', async () => {
    const response = await print(operator, [{ kind: 'work-order', id: planned.id, copies: 1 }]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['x-label-count']).toBe('1');

    const [link, ...more] = decode(response.rawPayload, 'qrcode');
    expect(more).toEqual([]);
    const code = parseCode(link!);
    expect(code?.kind).toBe('work-order');
    expect(link).toBe(scanLink(TEST_APP_URL, 'work-order', code!.token));
    const scanned = await operator.ok('GET', `/api/v1/scan/resolve?code=${encodeURIComponent(link!)}`);
    expect(scanned).toMatchObject({
      kind: 'work-order',
      matchedBy: 'code',
      workOrder: { id: planned.id, numberText: planned.numberText, status: 'planned', partNumber: 'TAG-TOP' },
    });
    // The work order's one code: its page shows it, and its traveller carries the same link.
    expect((await admin.ok('GET', `/api/v1/work-orders/${planned.id}`)).code).toBe(
      compactCode('work-order', code!.token),
    );
    const traveller = await admin.send('GET', `/api/v1/work-orders/${planned.id}/traveller.pdf`);
    expect(decode(traveller.rawPayload, 'qrcode', 150)).toEqual([link]);

    const [text] = pageTexts(response.rawPayload);
    expect(text).toContain(planned.numberText);
    expect(text).toContain('TAG-TOP');
    expect(text).toContain('Part TAG-TOP');
    expect(text).toContain('Qty 3 ea');
  });

  it('keeps its code on a reprint, in copies, beside an item’s label in one print', async () => {
    const first = decode(
      (await print(admin, [{ kind: 'work-order', id: released.id }])).rawPayload,
      'qrcode',
    );
    const response = await print(admin, [
      { kind: 'item', id: boltId, copies: 1 },
      { kind: 'work-order', id: released.id, copies: 2 },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['x-label-count']).toBe('3');
    expect((await PDFDocument.load(response.rawPayload)).getPageCount()).toBe(3);
    const codes = decode(response.rawPayload, 'qrcode');
    expect(codes).toHaveLength(3);
    expect(codes.slice(1)).toEqual([first[0], first[0]]);
    expect(parseCode(codes[0]!)?.kind).toBe('item');
  });

  it('prints its compact code in Code 128, which /scan resolves too', async () => {
    const response = await print(admin, [{ kind: 'work-order', id: planned.id }], barFormat);
    expect(response.statusCode, response.body).toBe(200);
    const [compact, ...more] = decode(response.rawPayload, 'code128');
    expect(more).toEqual([]);
    expect(compact).toBe((await admin.ok('GET', `/api/v1/work-orders/${planned.id}`)).code);
    const scanned = await admin.ok('GET', `/api/v1/scan/resolve?code=${compact}`);
    expect(scanned.workOrder.id).toBe(planned.id);
    // The output location is the label's location line.
    expect(pageTexts(response.rawPayload)[0]).toContain('Loc TAG-S / BIN');
  });

  it('prints as ZPL with the link in its QR field', async () => {
    const response = await print(admin, [{ kind: 'work-order', id: planned.id }], qrFormat, 'zpl');
    expect(response.statusCode, response.body).toBe(200);
    const { code } = await admin.ok('GET', `/api/v1/work-orders/${planned.id}`);
    expect(response.body).toContain(`${TEST_APP_URL}/s/${code}`);
    expect(response.body).toContain(planned.numberText);
  });

  it('is refused for a cancelled work order, 409 naming it, nothing printed', async () => {
    const response = await print(admin, [
      { kind: 'item', id: boltId },
      { kind: 'work-order', id: cancelled.id },
    ]);
    expect(response.statusCode).toBe(409);
    const message = `${cancelled.numberText} is cancelled: a cancelled work order gets no label or traveller.`;
    expect(response.json().error).toMatchObject({
      code: 'CONFLICT',
      message,
      fieldErrors: { 'targets.1.id': message },
    });
    expect((await admin.ok('GET', `/api/v1/work-orders/${cancelled.id}`)).code).toBeNull();
  });

  it('is 404 for another company’s work order, naming the field and nothing of it', async () => {
    const response = await print(admin, [{ kind: 'work-order', id: otherWorkOrder.id }]);
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toMatchObject({
      code: 'NOT_FOUND',
      fieldErrors: { 'targets.0.id': 'No such work order in your company.' },
    });
    expect(response.body).not.toContain('FAR-TOP');
    const otherFormat = (await other.ok('GET', '/api/v1/label-formats')).items[0].id;
    const own = await print(other, [{ kind: 'work-order', id: planned.id }], otherFormat);
    expect(own.statusCode).toBe(404);
    expect(own.body).not.toContain('TAG-TOP');
  });
});

describe('travellers from Tag Items', () => {
  it('prints the travellers of several work orders as one PDF, in order, each with its own code', async () => {
    const response = await travellers(operator, [released.id, planned.id, released.id]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['x-traveller-count']).toBe('2');
    expect(response.headers['content-disposition']).toContain(
      `travellers-${released.numberText}-and-1-more.pdf`,
    );
    const codes = decode(response.rawPayload, 'qrcode', 150);
    const detail = async (id: string) => (await admin.ok('GET', `/api/v1/work-orders/${id}`)).code;
    expect(codes).toEqual([
      `${TEST_APP_URL}/s/${await detail(released.id)}`,
      `${TEST_APP_URL}/s/${await detail(planned.id)}`,
    ]);
    const texts = pageTexts(response.rawPayload);
    expect(texts[0]).toContain(released.numberText);
    expect(texts.at(-1)).toContain(planned.numberText);
  });

  it('names one work order’s file after it', async () => {
    const response = await travellers(admin, [planned.id]);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain(`traveller-${planned.numberText}.pdf`);
  });

  it('refuses a cancelled work order (409), another company’s (404) and an empty choice (400)', async () => {
    const gone = await travellers(admin, [planned.id, cancelled.id]);
    expect(gone.statusCode).toBe(409);
    expect(gone.json().error.fieldErrors).toEqual({
      'workOrderIds.1': `${cancelled.numberText} is cancelled: a cancelled work order gets no label or traveller.`,
    });
    const foreign = await travellers(admin, [otherWorkOrder.id]);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.fieldErrors).toEqual({
      'workOrderIds.0': 'No such work order in your company.',
    });
    const none = await travellers(admin, []);
    expect(none.statusCode).toBe(400);
    expect(JSON.stringify(none.json().error)).toContain(
      'Choose at least one work order to print its traveller.',
    );
  });
});

describe('with Build switched off', () => {
  it('prints no work-order label or traveller, and item labels still print', async () => {
    await setBuild(false);
    try {
      const label = await print(admin, [{ kind: 'work-order', id: planned.id }]);
      expect(label.statusCode).toBe(403);
      expect(label.json().error.code).toBe('FEATURE_DISABLED');
      expect((await travellers(admin, [planned.id])).statusCode).toBe(403);
      expect((await print(admin, [{ kind: 'item', id: boltId }])).statusCode).toBe(200);
    } finally {
      await setBuild(true);
    }
  });
});
