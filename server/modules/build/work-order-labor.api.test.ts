// Recorded labor is the work order's labor (decision 085), through the API on both databases. Two operators at
// different rates — Otto at $30 an hour, Pia at $45.50 — spend time on the one step of a work order of 2 units that
// belongs to a job: Otto's clock runs on the step from its start on the floor to its finish, Pia types hers naming
// the step. The output is valued with that time at each person's own rate, in place of the standard labor, to the
// cent. After completion, a correction of Pia's entry and a rate back-dated over Otto's are carried into the built
// item's average and the work order's output value, audited.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, startOfWeek, todayIn } from '#common/time/calendar.ts';
import {
  assembly,
  consume,
  output,
  receive,
  released,
  shopOf,
  unitCostOf,
  wo,
} from '../../../tests/setup/cost-shop.ts';
import { createTestApp, type TTestApp } from '../../../tests/setup/test-app.ts';
import { type TTimeClient, type TTimeShop, timeShopOf } from '../../../tests/setup/time-shop.ts';
import { manualClock } from '../../clock.ts';
import { timeEntries } from '../time/time.tables.ts';
import { workOrderStepRuns } from './work-order-runs.tables.ts';
import { workOrders } from './work-orders.tables.ts';

// The app's week starts two weeks ahead of the real one, so every person (created today) has their rate by then.
const MONDAY = startOfWeek(addDays(todayIn('UTC'), 14));
const day = (n: number) => addDays(MONDAY, n);
const at = (n: number, time: string) => `${day(n)}T${time}:00.000Z`;
const clock = manualClock(at(0, '06:00'));

let t: TTestApp;
let shop: TTimeShop;
let otto: TTimeClient;
let pia: TTimeClient;
let fg: string;
let rm: string;
let bin: string;
let out: string;
let box: { id: string; steps: string[] };

beforeAll(async () => {
  t = await createTestApp({ clock });
  shop = await timeShopOf(t, 'Labor Works', 'UTC');
  otto = await shop.person('Otto');
  pia = await shop.person('Pia');
  // Monday 06:00: the rates take effect. Standard labor would use the blended rate, their average.
  for (const [who, rate] of [
    [shop.admin, '30'],
    [otto, '30'],
    [pia, '45.50'],
  ] as const)
    await shop.admin.ok('PATCH', `/api/v1/users/${who.userId}`, { burdenedLaborRate: rate });
  const made = await shopOf(shop.admin, 'LW', [
    ['RM-1', '2'],
    ['FG-1', '0'],
  ]);
  ({ bin, out } = made);
  fg = made.ids['FG-1']!;
  rm = made.ids['RM-1']!;
  await receive(shop.admin, rm, bin, '10');
  // Standard labor: 6 minutes of setup and 3 a unit.
  box = await assembly(
    shop.admin,
    fg,
    [{ componentItemId: rm, quantity: '2' }],
    [{ title: 'Assemble', setupMinutes: '6', runMinutes: '3' }],
  );
});
afterAll(async () => {
  await t?.close();
});

const workOrder = (id: string) => shop.admin.ok('GET', wo(id));
const stepRunOf = async (id: string) => {
  const [run] = await t.database.db
    .select()
    .from(workOrderStepRuns)
    .where(eq(workOrderStepRuns.workOrderId, id));
  return run!.id;
};

describe('time recorded on a work order’s steps', () => {
  let id: string;
  let piaEntry: string;

  it('values the output with each person’s time at their own rate, in place of standard labor', async () => {
    id = await released(shop.admin, box.id, '2', out);
    await t.database.db.update(workOrders).set({ jobId: shop.jobs.open }).where(eq(workOrders.id, id));

    // Otto starts the step on the floor, and his clock moves onto it; finishing the step stops it. The floor's
    // instants are the database's own (not the test's clock), so his entry is then set to the morning he worked.
    await otto.ok('POST', wo(id, `/steps/${box.steps[0]}/start`));
    await consume(otto, id, { code: 'RM-1', quantity: '4', locationId: bin });
    await otto.ok('POST', wo(id, `/steps/${box.steps[0]}/finish`), { goodQuantity: '2' });
    clock.set(at(1, '10:00'));
    const [floor] = await t.database.db
      .select()
      .from(timeEntries)
      .where(eq(timeEntries.stepRunId, await stepRunOf(id)));
    expect(floor).toMatchObject({ userId: otto.userId, source: 'floor' });
    await shop.admin.ok('PATCH', `/api/v1/time/entries/${floor!.id}`, {
      startedAt: at(1, '07:00'),
      endedAt: at(1, '09:00'),
      reason: 'The step ran from seven to nine',
    });
    // Pia types the 90 minutes she spent on the same step.
    piaEntry = (
      await pia.ok(
        'POST',
        '/api/v1/time/entries',
        {
          jobId: shop.jobs.open,
          stepRunId: await stepRunOf(id),
          activity: 'run',
          startedAt: at(1, '07:00'),
          endedAt: at(1, '08:30'),
          reason: 'Helped on the line',
        },
        201,
      )
    ).id;

    // Material $8.00 (4 × $2.00); labor Otto 2 h × $30 = $60.00 and Pia 1.5 h × $45.50 = $68.25, $128.25 in all
    // (standard labor would have been 12 minutes at the blended rate): ($8.00 + $128.25) ÷ 2 = $68.125 a unit.
    expect((await output(otto, id, { goodQuantity: '2' })).unitCost).toBe('68.125');
    expect(await unitCostOf(shop.admin, fg)).toBe('68.125');
    await shop.admin.ok('POST', wo(id, '/complete'), {});
    expect((await workOrder(id)).cost).toMatchObject({
      actualMaterial: '8',
      labor: '128.25',
      outputValue: '136.25',
    });
  });

  it('carries a correction made after completion into the built item’s cost', async () => {
    clock.set(at(2, '12:00'));
    const edited = await shop.admin.ok('PATCH', `/api/v1/time/entries/${piaEntry}`, {
      endedAt: at(1, '09:00'),
      reason: 'Pia stayed until nine',
    });
    expect(edited.cost).toBe('91');
    // Pia's 2 h are $91.00, $22.75 more: labor $151.00, spread over the 2 units on hand: $68.125 + $11.375.
    expect((await workOrder(id)).cost).toMatchObject({ labor: '151', outputValue: '159' });
    expect(await unitCostOf(shop.admin, fg)).toBe('79.5');
    const audit = await shop.admin.ok('GET', `/api/v1/audit?entityType=work-order&entityId=${id}`);
    const recosted = audit.items.find((e: { action: string }) => e.action === 'labor-recosted');
    expect(recosted).toMatchObject({
      before: { laborCost: '128.25', outputValue: '136.25' },
      after: { laborCost: '151', outputValue: '159', onHand: '2', unitCost: '79.5' },
    });
  });

  it('carries a rate back-dated over the entries into the built item’s cost', async () => {
    // Otto's rate was $36 from Tuesday: his 2 h are re-priced to $72.00, $12.00 more, $6.00 a unit.
    const set = await shop.admin.ok('POST', `/api/v1/users/${otto.userId}/labor-rates`, {
      rate: '36',
      effectiveFrom: day(1),
    });
    expect(set.entries).toBe(1);
    expect((await workOrder(id)).cost).toMatchObject({ labor: '163', outputValue: '171' });
    expect(await unitCostOf(shop.admin, fg)).toBe('85.5');
  });

  it('puts a work order with no recorded time back on standard labor when its only time is deleted', async () => {
    const other = await released(shop.admin, box.id, '1', out);
    await otto.ok('POST', wo(other, `/steps/${box.steps[0]}/start`));
    await consume(otto, other, { code: 'RM-1', quantity: '2', locationId: bin });
    await otto.ok('POST', wo(other, `/steps/${box.steps[0]}/finish`), { goodQuantity: '1' });
    // The work order belongs to no job, so the floor moved no clock: Otto types his half hour on the step.
    clock.set(at(2, '14:00'));
    const typed = await otto.ok(
      'POST',
      '/api/v1/time/entries',
      {
        jobId: shop.jobs.other,
        stepRunId: await stepRunOf(other),
        startedAt: at(2, '13:00'),
        endedAt: at(2, '13:30'),
        reason: 'Typed afterwards',
      },
      201,
    );
    // Half an hour at $36 = $18.00, with $4.00 of material.
    expect((await output(otto, other, { goodQuantity: '1' })).unitCost).toBe('22');
    await shop.admin.ok('POST', wo(other, '/complete'), {});
    const deleted = await shop.admin.send('POST', `/api/v1/time/entries/${typed.id}/delete`, {
      reason: 'Typed on the wrong order',
    });
    expect(deleted.statusCode).toBe(204);
    // Standard labor of 1 unit: 6 + 3 minutes at the blended rate, the average of the three people's ($30, $36 and
    // $45.50: $37.1667) = $5.575; $12.425 less than the half hour, spread over the three on hand, averaged at
    // $64.3333 since the output: (3 × $64.3333 − $12.425) ÷ 3 = $60.1916.
    expect((await workOrder(other)).cost).toMatchObject({ labor: '5.575', outputValue: '9.575' });
    expect(await unitCostOf(shop.admin, fg)).toBe('60.1916');
  });
});
