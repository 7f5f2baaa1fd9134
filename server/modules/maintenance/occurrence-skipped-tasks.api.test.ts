// A PM completed with checklist tasks left unticked (issue 29, decision 067): refused unless the completion says so
// (`skippedTasksConfirmed`, 400 naming it and listing the tasks, nothing written); with it, the tasks skipped are
// recorded with the completion, in the audit trail, and the maintenance logs (entries and CSV) show them. A
// completion with every task ticked needs no confirmation.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OCCURRENCE_MESSAGES } from '#common/schemas/maintenance-occurrences.ts';
import { maintenanceShop, type TMaintenanceShop } from '../../../tests/setup/maintenance-shop.ts';
import { auditEntries } from '../audit/audit.tables.ts';
import { maintenanceOccurrences } from './plans.tables.ts';

let s: TMaintenanceShop;
let lathe: string;

const complete = (occurrenceId: string, body: object) =>
  s.technician.send('POST', `/api/v1/maintenance/occurrences/${occurrenceId}/complete`, body);
const statusOf = async (occurrenceId: string) =>
  (
    await s.t.database.db
      .select()
      .from(maintenanceOccurrences)
      .where(eq(maintenanceOccurrences.id, occurrenceId))
  )[0]!.status;

beforeAll(async () => {
  s = await maintenanceShop('Skip Works', '2027-03-10T17:00:00Z');
  lathe = await s.machine('LT-3');
}, 120_000);
afterAll(async () => {
  await s?.t.close();
});

describe('completing a PM with tasks not done', () => {
  let open: string;
  const checklist = [
    { text: 'Drain the coolant' },
    { text: 'Clean the chip tray' },
    { text: 'Check the belts' },
  ];

  beforeAll(async () => {
    const plan = await s.admin.ok(
      'POST',
      '/api/v1/maintenance/plans',
      s.plan(lathe, '2027-03-12', { title: 'Coolant change', checklist }),
      201,
    );
    open = plan.open.id;
  });

  it('is refused without the explicit confirmation: 400 naming skippedTasksConfirmed, the tasks listed, nothing written', async () => {
    const before = (await s.t.database.db.select().from(auditEntries)).length;
    for (const body of [
      { checklist: [{ done: true }, { done: false }, { done: false }] },
      { checklist: [{ done: true }, { done: false }, { done: false }], skippedTasksConfirmed: false },
    ]) {
      const response = await complete(open, body);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().error.fieldErrors).toEqual({
        skippedTasksConfirmed: OCCURRENCE_MESSAGES.skippedTasks(['Clean the chip tray', 'Check the belts']),
      });
    }
    expect(OCCURRENCE_MESSAGES.skippedTasks(['Clean the chip tray', 'Check the belts'])).toBe(
      '2 tasks not done: Clean the chip tray, Check the belts. Tick them if done, or confirm that you complete ' +
        'the work without them.',
    );
    const notABoolean = await complete(open, {
      checklist: [{ done: true }, { done: true }, { done: false }],
      skippedTasksConfirmed: 'yes',
    });
    expect(notABoolean.statusCode).toBe(400);
    expect(Object.keys(notABoolean.json().error.fieldErrors)).toEqual(['skippedTasksConfirmed']);
    expect(await statusOf(open)).toBe('open');
    expect((await s.t.database.db.select().from(auditEntries)).length).toBe(before);
  });

  it('with the confirmation: completed, the skipped tasks recorded, in the trail and in the logs', async () => {
    const response = await complete(open, {
      checklist: [{ done: true }, { done: false, note: 'No coolant in stock' }, { done: true }],
      skippedTasksConfirmed: true,
      minutesSpent: 25,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'completed',
      checklist: [
        { text: 'Drain the coolant', done: true },
        { text: 'Clean the chip tray', done: false, note: 'No coolant in stock' },
        { text: 'Check the belts', done: true },
      ],
    });
    const [trail] = await s.t.database.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.entityType, 'maintenance-plan'), eq(auditEntries.action, 'completed')));
    expect(trail?.after).toMatchObject({ skippedTasks: 'Clean the chip tray' });

    const logs = await s.technician.ok('GET', '/api/v1/maintenance/logs?from=2027-03-01&to=2027-03-31');
    expect(logs.items).toEqual([
      expect.objectContaining({ kind: 'pm', title: 'Coolant change', skippedTasks: ['Clean the chip tray'] }),
    ]);
    const csv = await s.technician.send(
      'GET',
      '/api/v1/maintenance/logs/export.csv?from=2027-03-01&to=2027-03-31',
    );
    expect(csv.statusCode).toBe(200);
    const [header, row] = csv.body.replace(/^\uFEFF/, '').split(/\r?\n/);
    expect(header).toMatch(/,Tasks not done$/);
    expect(row).toMatch(/,Clean the chip tray$/);
  });

  it('needs no confirmation when every task is ticked, and the logs list none skipped', async () => {
    const plan = await s.admin.ok(
      'POST',
      '/api/v1/maintenance/plans',
      s.plan(lathe, '2027-03-11', { title: 'Belt check', checklist: [{ text: 'Check the belts' }] }),
      201,
    );
    const done = await complete(plan.open.id, { checklist: [{ done: true }] });
    expect(done.statusCode, done.body).toBe(200);
    const logs = await s.technician.ok('GET', '/api/v1/maintenance/logs?from=2027-03-01&to=2027-03-31');
    expect(logs.items.find((e: { title: string }) => e.title === 'Belt check')).toMatchObject({
      skippedTasks: [],
    });
  });
});
