// A small shop for the floor-on-a-phone spec (tests/e2e/floor-on-a-phone.spec.ts), made through the API as a
// colleague would have set it up: a site FLOOR with bins B1 and B2, a plain part, a lot-tracked part in lot L-0001,
// an assembly whose one step shows a picture, a work order of it due on a known day, released with its step started,
// and a machine. The screens the spec looks at (scan cards, the floor view, an order) are driven by the spec itself.
import { expect, type Page } from '@playwright/test';
import { apiPost, makeItem, receiveLot, receivePart } from './build-api.ts';
import { switchMaintenanceOn } from './maintenance.ts';

/** The work order's due date: the scan card writes it in the company's format. */
export const DUE_ON = '2026-12-04';

export interface TFloorShop {
  bins: { b1: string; b2: string };
  workOrderId: string;
  workOrderNumber: string;
  /** The assembly's item, FX-1: what the work order's output is. */
  fixtureId: string;
  /** An order of 20 fixtures, more than the plates on the shelf can build. */
  orderId: string;
}

/** A PNG drawn by the browser, 800 × 600: a step's photo as a phone would take it, large enough to fill a screen. */
async function stepPicture(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 800;
    canvas.height = 600;
    const g = canvas.getContext('2d')!;
    g.fillStyle = '#5b6470';
    g.fillRect(0, 0, 800, 600);
    g.fillStyle = '#e8590c';
    g.fillRect(200, 150, 400, 300);
    return canvas.toDataURL('image/png');
  });
  return Buffer.from(dataUrl.split(',')[1]!, 'base64');
}

/** Uploads `bytes` as `name` to the files route, as the step editor does; the file's id. */
async function uploadFile(page: Page, name: string, bytes: Buffer): Promise<string> {
  const response = await page.request.post(`/api/v1/files?name=${encodeURIComponent(name)}`, {
    headers: { 'content-type': 'application/octet-stream' },
    data: bytes,
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()).id;
}

/** The shop described above; the signed-in admin's company has Maintenance switched on (for the machine). */
export async function setUpFloorShop(page: Page): Promise<TFloorShop> {
  await switchMaintenanceOn(page);
  const site = await apiPost(page, '/api/v1/locations', { kind: 'site', code: 'FLOOR', name: 'Floor' });
  const bin = async (code: string) =>
    (await apiPost(page, '/api/v1/locations', { kind: 'bin', parentId: site.id, code, name: `Bin ${code}` }))
      .id as string;
  const bins = { b1: await bin('B1'), b2: await bin('B2') };
  const plate = await makeItem(page, {
    partNumber: 'RM-10',
    name: 'Steel plate',
    defaultLocationId: bins.b1,
  });
  await receivePart(page, plate, bins.b1, '20');
  const resin = await makeItem(page, { partNumber: 'RS-5', name: 'Casting resin', lotTracked: true });
  await receiveLot(page, resin, bins.b1, '5', 'L-0001');
  const top = await makeItem(page, {
    partNumber: 'FX-1',
    name: 'Welding fixture',
    defaultLocationId: bins.b1,
  });

  const assembly = await apiPost(page, '/api/v1/assemblies', { itemId: top });
  const picture = await uploadFile(page, 'fixture-layout.png', await stepPicture(page));
  const saved = await page.request.put(`/api/v1/assembly-revisions/${assembly.draftRevisionId}`, {
    data: {
      lines: [{ componentItemId: plate, quantity: '2', scrapPercent: '0', consumption: 'scan' }],
      steps: [
        {
          title: 'Clamp and weld',
          instructions: 'Clamp both plates in the fixture, then weld **two** tack points.',
          setupMinutes: '0',
          runMinutes: '5',
          files: [{ fileId: picture, caption: 'Where the plates sit' }],
        },
      ],
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  await apiPost(page, `/api/v1/assembly-revisions/${assembly.draftRevisionId}/release`);
  const step = (await saved.json()).steps[0].id as string;

  const workOrder = await apiPost(page, '/api/v1/work-orders', {
    assemblyId: assembly.id,
    quantity: '2',
    outputLocationId: bins.b1,
    dueOn: DUE_ON,
  });
  await apiPost(page, `/api/v1/work-orders/${workOrder.id}/status`, { status: 'released' });
  await apiPost(page, `/api/v1/work-orders/${workOrder.id}/steps/${step}/start`);
  await apiPost(page, '/api/v1/machines', { name: 'Hydraulic press brake', assetTag: 'PB-200' });
  const order = await apiPost(page, '/api/v1/build-orders', {
    customer: 'Acme Fixtures',
    lines: [{ assemblyId: assembly.id, quantity: '20' }],
  });
  return {
    bins,
    workOrderId: workOrder.id,
    workOrderNumber: workOrder.numberText,
    fixtureId: top,
    orderId: order.id,
  };
}
