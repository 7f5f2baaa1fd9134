// The printed traveller: a PDF whose QR code, rasterised by pdftoppm and read by zbarimg, is the work order's scan
// link, which /scan resolves to the work order (so does its number typed); a reprint carries the same code; another
// company gets 404 for the traveller and "not recognised" for the code.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCode } from '#common/label-codes.ts';
import { createTestApp, TEST_APP_URL, type TTestApp } from '../../../tests/setup/test-app.ts';
import { client, shopOf } from '../../../tests/setup/work-orders-shop.ts';

let t: TTestApp;
let admin: ReturnType<typeof client>;
let other: ReturnType<typeof client>;
let workOrder: { id: string; numberText: string };
const dir = mkdtempSync(join(tmpdir(), 'traveller-'));

/** Every QR code pdftoppm draws of the PDF's pages, as zbarimg reads them. */
function qrCodesOf(pdf: Buffer): string[] {
  for (const tool of ['pdftoppm', 'zbarimg'])
    if (spawnSync('sh', ['-c', `command -v ${tool}`]).status !== 0)
      throw new Error(`${tool} is missing: apt-get install -y poppler-utils zbar-tools`);
  writeFileSync(join(dir, 'traveller.pdf'), pdf);
  execFileSync('pdftoppm', ['-r', '150', '-png', '-gray', join(dir, 'traveller.pdf'), join(dir, 'page')]);
  return readdirSync(dir)
    .filter((f) => f.endsWith('.png'))
    .flatMap((f) =>
      spawnSync('zbarimg', ['--raw', '-q', '-Sdisable', '-Sqrcode.enable', join(dir, f)], {
        encoding: 'utf8',
      })
        .stdout.split('\n')
        .filter(Boolean),
    );
}

beforeAll(async () => {
  t = await createTestApp();
  const cookie = await t.signIn({
    email: 'ada@traveller.example',
    role: 'admin',
    companyName: 'Traveller Works',
  });
  admin = client(t, cookie);
  other = client(t, await t.signIn({ email: 'cy@far.example', role: 'admin', companyName: 'Far Works' }));
  const shop = await shopOf(t, cookie, 'T');
  const top = await shop.released(await shop.item('T-TOP'), [
    { componentItemId: await shop.item('T-BOLT'), quantity: '4', scrapPercent: '5' },
  ]);
  workOrder = await admin.ok(
    'POST',
    '/api/v1/work-orders',
    { assemblyId: top.assemblyId, quantity: '3', dueOn: '2027-05-01' },
    201,
  );
  // Two companies, their parts and released assemblies through the API: slow on a loaded machine, never hung.
}, 120_000);
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await t?.close();
});

describe('the traveller', () => {
  it('is a PDF whose QR code /scan resolves to the work order, the same code on every print', async () => {
    const response = await admin.send('GET', `/api/v1/work-orders/${workOrder.id}/traveller.pdf`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain(`traveller-${workOrder.numberText}.pdf`);
    const [link, ...more] = qrCodesOf(response.rawPayload);
    expect(more).toEqual([]);
    expect(link).toMatch(new RegExp(`^${TEST_APP_URL}/s/`));
    expect(parseCode(link!)?.kind).toBe('work-order');

    const scanned = await admin.ok('GET', `/api/v1/scan/resolve?code=${encodeURIComponent(link!)}`);
    expect(scanned).toMatchObject({
      kind: 'work-order',
      matchedBy: 'code',
      workOrder: { id: workOrder.id, numberText: workOrder.numberText, partNumber: 'T-TOP', quantity: '3' },
    });
    const detail = await admin.ok('GET', `/api/v1/work-orders/${workOrder.id}`);
    expect(link!.endsWith(detail.code)).toBe(true);

    rmSync(dir, { recursive: true, force: true });
    execFileSync('mkdir', ['-p', dir]);
    const again = await admin.send('GET', `/api/v1/work-orders/${workOrder.id}/traveller.pdf`);
    expect(qrCodesOf(again.rawPayload)).toEqual([link]);
  });

  it('resolves the number typed at /scan', async () => {
    const typed = await admin.ok('GET', `/api/v1/scan/resolve?code=${workOrder.numberText.toLowerCase()}`);
    expect(typed).toMatchObject({ kind: 'work-order', matchedBy: 'work-order-number' });
    expect(typed.workOrder.id).toBe(workOrder.id);
  });

  it('is another company’s 404, and its code is not recognised there', async () => {
    expect((await other.send('GET', `/api/v1/work-orders/${workOrder.id}/traveller.pdf`)).statusCode).toBe(
      404,
    );
    const { code } = await admin.ok('GET', `/api/v1/work-orders/${workOrder.id}`);
    const scanned = await other.send('GET', `/api/v1/scan/resolve?code=${code}`);
    expect(scanned.statusCode).toBe(404);
    expect(scanned.json().error.message).toMatch(/^Not recognised/);
    expect((await other.send('GET', `/api/v1/scan/resolve?code=${workOrder.numberText}`)).statusCode).toBe(
      404,
    );
  });
});
