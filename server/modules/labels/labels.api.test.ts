// Label formats (admins change them, everyone reads them, a default from the label configuration) and printing
// items, lots, locations and everything in a location: confined to the company, with codes that stay the same on a
// reprint and never carry a database id.
import { randomUUID } from 'node:crypto';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCode, scanLink } from '#common/label-codes.ts';
import { createTestApp, TEST_APP_URL, type TTestApp } from '../../../tests/setup/test-app.ts';

let t: TTestApp;
let admin: string;
let operator: string;
let outsider: string;
let site: { id: string };
let bin: { id: string };
let bolt: { id: string };
let washer: { id: string };
let lotId: string;
let qrFormat: string;

function send(
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  cookie: string,
  payload?: object,
  accept?: string,
) {
  return t.app.inject({
    method,
    url,
    headers: { origin: TEST_APP_URL, cookie, ...(accept ? { accept } : {}) },
    ...(payload ? { payload } : {}),
  });
}

async function created(url: string, payload: object, cookie = admin) {
  const response = await send('POST', url, cookie, payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

const print = (payload: object, cookie = operator, accept?: string) =>
  send('POST', '/api/v1/labels/print', cookie, payload, accept);

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn({ email: 'ada@labels.example', role: 'admin', companyName: 'Label Works' });
  operator = await t.signIn({ email: 'otto@labels.example', role: 'user', companyName: 'Label Works' });
  outsider = await t.signIn({ email: 'eve@other.example', role: 'admin', companyName: 'Other Works' });
  site = await created('/api/v1/locations', { kind: 'site', code: 'PLANT', name: 'Plant' });
  bin = await created('/api/v1/locations', { kind: 'bin', code: 'B1', name: 'Bin 1', parentId: site.id });
  bolt = await created('/api/v1/items', { partNumber: 'BOLT-8', name: 'Hex bolt M8', lotTracked: true });
  washer = await created('/api/v1/items', { partNumber: 'WASH-8', name: 'Washer M8', lotTracked: false });
  await created('/api/v1/items', { partNumber: 'NONE-1', name: 'Never stocked' });
  const receipt = await created('/api/v1/stock/transactions', {
    kind: 'receive',
    idempotencyKey: randomUUID(),
    lines: [
      { itemId: bolt.id, locationId: bin.id, quantity: '40', lotNumber: 'L-1' },
      { itemId: washer.id, locationId: bin.id, quantity: '2' },
      { itemId: washer.id, locationId: site.id, quantity: '1' },
    ],
  });
  lotId = receipt.lines[0].lotId;
});
afterAll(() => t?.close());

describe('label formats', () => {
  it('offers a default from the label configuration to a company with none, once', async () => {
    const first = await send('GET', '/api/v1/label-formats', operator);
    expect(first.statusCode).toBe(200);
    expect(first.json().items).toEqual([
      expect.objectContaining({
        name: 'Default 4 x 1 in, QR',
        width: '4',
        height: '1',
        unit: 'in',
        symbology: 'qr',
      }),
    ]);
    const again = await send('GET', '/api/v1/label-formats', admin);
    expect(again.json().total).toBe(1);
    expect(again.json().items[0].id).toBe(first.json().items[0].id);
  });

  it('lets an admin add, change and delete formats, and refuses a name used in any case', async () => {
    const made = await created('/api/v1/label-formats', {
      name: 'Bin 50 x 25 mm',
      width: '50',
      height: '25',
      unit: 'mm',
      symbology: 'datamatrix',
      fields: ['location', 'name'],
      textSize: 10,
    });
    expect(made).toMatchObject({
      width: '50',
      height: '25',
      unit: 'mm',
      fields: ['location', 'name'],
      textSize: 10,
    });
    const clash = await send('POST', '/api/v1/label-formats', admin, {
      ...made,
      id: undefined,
      name: 'BIN 50 X 25 MM',
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().error.fieldErrors).toHaveProperty('name');
    const changed = await send('PATCH', `/api/v1/label-formats/${made.id}`, admin, {
      symbology: 'code128',
      width: '60.5',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ symbology: 'code128', width: '60.5' });
    expect((await send('DELETE', `/api/v1/label-formats/${made.id}`, admin)).statusCode).toBe(204);
    const list = await send('GET', '/api/v1/label-formats', operator);
    expect(list.json().items.map((f: { id: string }) => f.id)).not.toContain(made.id);
  });

  it('refuses sizes out of bounds for their unit, bad fields and text sizes, naming each field', async () => {
    const bad = await send('POST', '/api/v1/label-formats', admin, {
      name: 'Huge',
      width: '9',
      height: '0.2',
      unit: 'in',
      symbology: 'qr',
      fields: ['partNumber', 'partNumber'],
      textSize: 30,
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fieldErrors).sort()).toEqual([
      'fields',
      'height',
      'textSize',
      'width',
    ]);
    const [format] = (await send('GET', '/api/v1/label-formats', admin)).json().items;
    // 100 is fine in mm but not in inches: the unit change is checked against the stored size.
    const patch = await send('PATCH', `/api/v1/label-formats/${format.id}`, admin, {
      width: '100',
      height: '25',
      unit: 'mm',
    });
    expect(patch.statusCode).toBe(200);
    const back = await send('PATCH', `/api/v1/label-formats/${format.id}`, admin, { unit: 'in' });
    expect(back.statusCode).toBe(400);
    expect(back.json().error.fieldErrors).toHaveProperty('width');
    await send('PATCH', `/api/v1/label-formats/${format.id}`, admin, { width: '4', height: '1', unit: 'in' });
  });

  it('keeps formats to admins and keeps the last one', async () => {
    const [format] = (await send('GET', '/api/v1/label-formats', admin)).json().items;
    expect(
      (await send('PATCH', `/api/v1/label-formats/${format.id}`, operator, { name: 'X' })).statusCode,
    ).toBe(403);
    const last = await send('DELETE', `/api/v1/label-formats/${format.id}`, admin);
    expect(last.statusCode).toBe(409);
    qrFormat = format.id;
  });
});

describe('printing labels', () => {
  it('prints items, a lot and a location on a roll: one page per label copy', async () => {
    const response = await print({
      formatId: qrFormat,
      output: 'roll',
      dpi: 203,
      targets: [
        { kind: 'item', id: bolt.id, copies: 2 },
        { kind: 'lot', id: lotId, copies: 1 },
        { kind: 'location', id: bin.id, copies: 3 },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="labels-.+\.pdf"$/);
    expect(response.headers['x-label-count']).toBe('6');
    const pdf = await PDFDocument.load(response.rawPayload);
    expect(pdf.getPageCount()).toBe(6);
    expect(pdf.getPage(0).getSize()).toEqual({ width: 288, height: 72 });
  });

  it('prints everything in a location subtree with its quantity there, as ZPL', async () => {
    const response = await print({
      formatId: qrFormat,
      output: 'zpl',
      dpi: 300,
      everythingIn: { locationId: site.id, copies: 2 },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    const labels = response.body.split('^XZ').filter((l) => l.trim());
    // The bolt (40 in the bin) and the washer (2 in the bin + 1 on the site floor); the unstocked item is left out.
    expect(labels).toHaveLength(2);
    expect(labels[0]).toContain('BOLT-8');
    expect(response.body).toContain('Qty 3 ea');
    expect(response.body).toContain('^PQ2');
    expect(response.body).toContain('^PW1200');
  });

  it('gives each thing one permanent code: the same on a reprint, never its id', async () => {
    const codes = async () => {
      const response = await print({
        formatId: qrFormat,
        output: 'zpl',
        dpi: 203,
        targets: [{ kind: 'item', id: washer.id }],
      });
      return [...response.body.matchAll(/\^FDMA,([^^]+)\^FS/g)].map((m) => m[1]!);
    };
    const [first] = await codes();
    const [second] = await codes();
    expect(first).toBe(second);
    expect(first!.startsWith(`${TEST_APP_URL}/s/FBI`)).toBe(true);
    const parsed = parseCode(first!)!;
    expect(scanLink(TEST_APP_URL, 'item', parsed.token)).toBe(first);
    expect(first!.toLowerCase()).not.toContain(washer.id.toLowerCase());
    expect(first!.toLowerCase()).not.toContain(washer.id.replaceAll('-', '').slice(0, 8).toLowerCase());
  });

  it("refuses another company's ids naming the field, and its formats, printing nothing", async () => {
    const theirs = (await send('GET', '/api/v1/label-formats', outsider)).json().items[0].id;
    for (const [target, field] of [
      [{ kind: 'item', id: bolt.id }, 'targets.1.id'],
      [{ kind: 'lot', id: lotId }, 'targets.1.id'],
      [{ kind: 'location', id: bin.id }, 'targets.1.id'],
    ] as const) {
      const own = (await send('GET', '/api/v1/label-formats', outsider)).json().items[0];
      expect(own.id).toBe(theirs);
      const response = await print(
        {
          formatId: theirs,
          output: 'roll',
          dpi: 203,
          targets: [{ kind: 'location', id: randomUUID() }, target],
        },
        outsider,
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fieldErrors).toHaveProperty([
        field === 'targets.1.id' ? 'targets.0.id' : field,
      ]);
      expect(response.body).not.toContain('BOLT-8');
    }
    const everything = await print(
      { formatId: theirs, output: 'zpl', dpi: 203, everythingIn: { locationId: site.id } },
      outsider,
    );
    expect(everything.json().error.fieldErrors).toHaveProperty(['everythingIn.locationId']);
    const format = await print(
      { formatId: qrFormat, output: 'zpl', dpi: 203, targets: [{ kind: 'item', id: bolt.id }] },
      outsider,
    );
    expect(format.statusCode).toBe(400);
    expect(format.json().error.fieldErrors).toHaveProperty('formatId');
  });

  it('refuses more than 5,000 labels with a message that says what to do', async () => {
    const response = await print({
      formatId: qrFormat,
      output: 'roll',
      dpi: 203,
      targets: Array.from({ length: 11 }, () => ({ kind: 'item', id: bolt.id, copies: 500 })),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toMatch(/5500 labels.*at most 5000/);
  });

  it('refuses a code that cannot fit the label, saying what to change', async () => {
    const tiny = await created('/api/v1/label-formats', {
      name: 'Tiny 128',
      width: '0.5',
      height: '0.5',
      unit: 'in',
      symbology: 'code128',
    });
    const response = await print({
      formatId: tiny.id,
      output: 'roll',
      dpi: 203,
      targets: [{ kind: 'item', id: bolt.id }],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fieldErrors.formatId).toMatch(/wider label/);
  });

  it('streams progress then the file when asked for it', async () => {
    const response = await print(
      {
        formatId: qrFormat,
        output: 'avery-5163',
        dpi: 300,
        targets: [{ kind: 'item', id: bolt.id, copies: 60 }],
      },
      operator,
      'application/x-ndjson',
    );
    expect(response.statusCode).toBe(200);
    const lines = response.body
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines.at(0)).toMatchObject({ type: 'progress', total: 60 });
    const file = lines.at(-1);
    expect(file).toMatchObject({ type: 'file', labels: 60, contentType: 'application/pdf' });
    const pdf = await PDFDocument.load(Buffer.from(file.base64, 'base64'));
    expect(pdf.getPageCount()).toBe(6);
  });
});
