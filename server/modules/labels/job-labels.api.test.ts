// Job labels from Tag Items and the job page (decision 083), on both databases: a job's label, rasterised by
// pdftoppm and read by zbarimg, carries the job's own code — its scan link, which /scan resolves to that job for
// anyone in the company, and whose job id the clock takes; a reprint carries the same; the label leads with the job's
// number and prints its name. ZPL carries the same link. Another company's job is 404 naming the target, nothing
// printed; with the Time area off nothing of jobs prints.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCode, scanLink } from '#common/label-codes.ts';
import { featureOffMessage } from '#common/label-config.ts';
import { PRINT_MESSAGES } from '#common/schemas/labels.ts';
import { labelReader } from '../../../tests/setup/label-reader.ts';
import { createTestApp, TEST_APP_URL, type TTestApp } from '../../../tests/setup/test-app.ts';
import { type TTimeClient, type TTimeShop, timeShopOf } from '../../../tests/setup/time-shop.ts';

let t: TTestApp;
let shop: TTimeShop;
let other: TTimeShop;
let person: TTimeClient;
let qrFormat: string;
const { decode, pageTexts, dispose } = labelReader('job-labels-');

const print = (who: TTimeClient, targets: object[], output = 'roll') =>
  who.send('POST', '/api/v1/labels/print', { formatId: qrFormat, output, dpi: 203, targets });

beforeAll(async () => {
  t = await createTestApp();
  shop = await timeShopOf(t, 'Job Tags', 'UTC');
  other = await timeShopOf(t, 'Far Job Tags', 'UTC');
  person = await shop.person('Pia');
  qrFormat = (await shop.admin.ok('GET', '/api/v1/label-formats')).items[0].id;
}, 120_000);
afterAll(async () => {
  dispose();
  await t?.close();
});

describe('a job’s label', () => {
  it('carries its scan link, which /scan resolves to the job the clock takes, led by its number', async () => {
    const response = await print(person, [{ kind: 'job', id: shop.jobs.open, copies: 2 }]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['x-label-count']).toBe('2');
    const links = decode(response.rawPayload, 'qrcode');
    expect(links).toHaveLength(2);
    expect(new Set(links).size).toBe(1);
    const code = parseCode(links[0]!);
    expect(code?.kind).toBe('job');
    expect(links[0]).toBe(scanLink(TEST_APP_URL, 'job', code!.token));
    const scanned = await person.ok('GET', `/api/v1/scan/resolve?code=${encodeURIComponent(links[0]!)}`);
    expect(scanned).toEqual({
      kind: 'job',
      matchedBy: 'code',
      job: {
        id: shop.jobs.open,
        number: 1,
        numberText: 'JOB-000001',
        name: 'Pump housings',
        customer: '',
        status: 'open',
      },
    });
    const [text] = pageTexts(response.rawPayload);
    expect(text!.trim().split('\n')[0]).toContain('JOB-000001');
    expect(text).toContain('Pump housings');
    // The scanned job is the one the clock takes.
    const clocked = await person.ok('POST', '/api/v1/time/clock-in', { jobId: scanned.job.id });
    expect(clocked.entry).toMatchObject({ jobNumber: 'JOB-000001', endedAt: null });
    // A reprint carries the same code: the label on the traveller board still scans.
    const again = await print(shop.admin, [{ kind: 'job', id: shop.jobs.open }]);
    expect(decode(again.rawPayload, 'qrcode')).toEqual([links[0]]);
  });

  it('prints as ZPL with the link in its QR field and the number and name', async () => {
    const pdf = await print(shop.admin, [{ kind: 'job', id: shop.jobs.other }]);
    const [link] = decode(pdf.rawPayload, 'qrcode');
    const response = await print(shop.admin, [{ kind: 'job', id: shop.jobs.other }], 'zpl');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.body).toContain(link);
    expect(response.body).toContain('JOB-000002');
    expect(response.body).toContain('Valve bodies');
  });

  it('prints for a closed job too: its label is scanned again once it reopens', async () => {
    const response = await print(shop.admin, [{ kind: 'job', id: shop.jobs.closed }]);
    expect(response.statusCode, response.body).toBe(200);
  });

  it('refuses another company’s job as one nowhere, naming the target, printing nothing', async () => {
    const response = await print(shop.admin, [
      { kind: 'job', id: shop.jobs.open },
      { kind: 'job', id: other.jobs.open },
    ]);
    expect(response.statusCode).toBe(404);
    expect(response.json().error.fieldErrors).toEqual({ 'targets.1.id': PRINT_MESSAGES.jobNotFound });
  });

  it('prints nothing of jobs while the Time area is off', async () => {
    await shop.admin.ok('PATCH', '/api/v1/company/label-config', { enableTimeFeature: false });
    try {
      const refused = await print(shop.admin, [{ kind: 'job', id: shop.jobs.open }]);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.message).toBe(featureOffMessage('time'));
    } finally {
      await shop.admin.ok('PATCH', '/api/v1/company/label-config', { enableTimeFeature: true });
    }
  });
});
