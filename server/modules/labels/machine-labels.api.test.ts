// Machine labels from Tag Items (decision 060): a machine's label, rasterised by pdftoppm and read by zbarimg, carries
// the machine's own code — its scan link, which /scan resolves to that machine for anyone in the company; a reprint
// carries the same; the label's text leads with the asset tag. Typing the asset tag finds the machine too. Another
// company's machine is 404 naming the target; with Maintenance off nothing prints and a machine's code is not
// recognised.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCode, scanLink } from '#common/label-codes.ts';
import { featureOffMessage } from '#common/label-config.ts';
import { PRINT_MESSAGES } from '#common/schemas/labels.ts';
import { labelReader } from '../../../tests/setup/label-reader.ts';
import { createTestApp, TEST_APP_URL, type TTestApp } from '../../../tests/setup/test-app.ts';
import { client } from '../../../tests/setup/work-orders-shop.ts';

let t: TTestApp;
let adminCookie: string;
let admin: ReturnType<typeof client>;
let technician: ReturnType<typeof client>;
let lathe: string;
let otherMachine: string;
let qrFormat: string;
const { decode, pageTexts, dispose } = labelReader('machine-labels-');

const print = (who: ReturnType<typeof client>, targets: object[]) =>
  who.send('POST', '/api/v1/labels/print', { formatId: qrFormat, output: 'roll', dpi: 203, targets });
const setMaintenance = async (cookie: string, on: boolean) => {
  const response = await t.app.inject({
    method: 'PATCH',
    url: '/api/v1/company/label-config',
    headers: { origin: TEST_APP_URL, cookie },
    payload: { enableMaintenanceFeature: on },
  });
  expect(response.statusCode, response.body).toBe(200);
};

beforeAll(async () => {
  t = await createTestApp();
  adminCookie = await t.signIn({ email: 'ada@mlabels.example', role: 'admin', companyName: 'Tag Mills' });
  admin = client(t, adminCookie);
  technician = client(
    t,
    await t.signIn({ email: 'tom@mlabels.example', role: 'user', companyName: 'Tag Mills' }),
  );
  const otherCookie = await t.signIn({ email: 'eve@mfar.example', role: 'admin', companyName: 'Far Mills' });
  await setMaintenance(adminCookie, true);
  await setMaintenance(otherCookie, true);
  const site = (
    await admin.ok('POST', '/api/v1/locations', { kind: 'site', code: 'MS', name: 'Mill shop' }, 201)
  ).id;
  const bay = await admin.ok(
    'POST',
    '/api/v1/locations',
    { kind: 'bin', parentId: site, code: 'B4', name: 'Bay 4' },
    201,
  );
  lathe = (
    await admin.ok(
      'POST',
      '/api/v1/machines',
      { name: 'Big lathe', assetTag: 'LT-042', make: 'Haas', model: 'ST-30', locationId: bay.id },
      201,
    )
  ).id;
  otherMachine = (
    await client(t, otherCookie).ok('POST', '/api/v1/machines', { name: 'Far mill', assetTag: 'FM-1' }, 201)
  ).id;
  qrFormat = (await admin.ok('GET', '/api/v1/label-formats')).items[0].id;
}, 120_000);
afterAll(async () => {
  dispose();
  await t?.close();
});

describe('a machine’s label', () => {
  it('carries its scan link, which /scan resolves to the machine, and leads with its asset tag', async () => {
    const response = await print(technician, [{ kind: 'machine', id: lathe, copies: 2 }]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['x-label-count']).toBe('2');
    const links = decode(response.rawPayload, 'qrcode');
    expect(links).toHaveLength(2);
    expect(new Set(links).size).toBe(1);
    const code = parseCode(links[0]!);
    expect(code?.kind).toBe('machine');
    expect(links[0]).toBe(scanLink(TEST_APP_URL, 'machine', code!.token));
    expect(await technician.ok('GET', `/api/v1/scan/resolve?code=${encodeURIComponent(links[0]!)}`)).toEqual({
      kind: 'machine',
      matchedBy: 'code',
      machine: {
        id: lathe,
        name: 'Big lathe',
        assetTag: 'LT-042',
        status: 'running',
        locationCode: 'MS / B4',
      },
    });
    const [text] = pageTexts(response.rawPayload);
    expect(text!.trim().split('\n')[0]).toContain('LT-042');
    expect(text).toContain('Big lathe');
    // A reprint carries the same code: the label on the machine still scans.
    const again = await print(admin, [{ kind: 'machine', id: lathe }]);
    expect(decode(again.rawPayload, 'qrcode')).toEqual([links[0]]);
  });

  it('is found by its asset tag typed in any case', async () => {
    expect(await technician.ok('GET', '/api/v1/scan/resolve?code=lt-042')).toMatchObject({
      kind: 'machine',
      matchedBy: 'asset-tag',
      machine: { id: lathe },
    });
  });

  it('refuses another company’s machine as one nowhere, printing nothing', async () => {
    const response = await print(admin, [
      { kind: 'machine', id: lathe },
      { kind: 'machine', id: otherMachine },
    ]);
    expect(response.statusCode).toBe(404);
    expect(response.json().error.fieldErrors).toEqual({ 'targets.1.id': PRINT_MESSAGES.machineNotFound });
    const typed = await admin.send('GET', '/api/v1/scan/resolve?code=FM-1');
    expect(typed.statusCode).toBe(404);
  });

  it('prints and scans nothing of machines while Maintenance is off', async () => {
    const link = decode((await print(admin, [{ kind: 'machine', id: lathe }])).rawPayload, 'qrcode')[0]!;
    await setMaintenance(adminCookie, false);
    try {
      const refused = await print(admin, [{ kind: 'machine', id: lathe }]);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.message).toBe(featureOffMessage('maintenance'));
      const scanned = await technician.send('GET', `/api/v1/scan/resolve?code=${encodeURIComponent(link)}`);
      expect(scanned.statusCode).toBe(404);
    } finally {
      await setMaintenance(adminCookie, true);
    }
  });
});
