// Maintenance plans through the API (decision 056): added with their first open occurrence in one transaction, the
// server's five next due dates the same the browser's preview computes, read by everyone and changed by admins only;
// a changed schedule re-dates the open occurrence; switching off closes nothing and switching on moves a passed date
// to today or later; bad input refused naming the field, another machine or person 404 naming it, nothing changed.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextDueDates } from '#common/maintenance/plan-due.ts';
import { firstDue } from '#common/maintenance/schedule.ts';
import { PLAN_MESSAGES, scheduleOf, ZPlanInputSchema } from '#common/schemas/maintenance-plans.ts';
import { maintenanceShop, type TMaintenanceShop } from '../../../tests/setup/maintenance-shop.ts';
import { auditEntries } from '../audit/audit.tables.ts';
import { maintenanceOccurrences, maintenancePlans } from './plans.tables.ts';

let s: TMaintenanceShop;
let lathe: string;
let press: string;

const plans = async () => (await s.t.database.db.select().from(maintenancePlans)).length;
const occurrences = async () => (await s.t.database.db.select().from(maintenanceOccurrences)).length;
const openOf = async (planId: string) =>
  s.t.database.db
    .select()
    .from(maintenanceOccurrences)
    .where(and(eq(maintenanceOccurrences.planId, planId), eq(maintenanceOccurrences.status, 'open')));

beforeAll(async () => {
  s = await maintenanceShop('Plan Works', '2027-01-10T17:00:00Z');
  lathe = await s.machine('LT-1');
  press = await s.machine('PR-1', '100');
}, 120_000);
afterAll(async () => {
  await s?.t.close();
});

describe('adding a plan', () => {
  it('adds a monthly fixed plan from the 31st with its first open occurrence; its five dates are the browser’s', async () => {
    const body = s.plan(lathe, '2027-01-31', { assigneeId: s.technicianId });
    const made = await s.admin.ok('POST', '/api/v1/maintenance/plans', body, 201);
    expect(made).toMatchObject({
      title: 'Monthly lubrication',
      machine: { id: lathe, assetTag: 'LT-1' },
      assignee: { id: s.technicianId, name: 'Tom Fixer' },
      active: true,
      open: { status: 'open', dueOn: '2027-01-31', dueReading: null, state: 'scheduled' },
      history: [],
      lastCompletion: null,
    });
    expect(made.nextDueDates).toEqual(['2027-01-31', '2027-02-28', '2027-03-31', '2027-04-30', '2027-05-31']);
    // The Add dialog's preview runs these same functions on the form's values.
    const schedule = scheduleOf(ZPlanInputSchema.parse(body));
    expect(nextDueDates(schedule, firstDue(schedule))).toEqual(made.nextDueDates);
    expect(await openOf(made.id)).toHaveLength(1);
    const [entry] = await s.t.database.db
      .select()
      .from(auditEntries)
      .where(eq(auditEntries.entityId, made.id));
    expect(entry).toMatchObject({ entityType: 'maintenance-plan', action: 'created' });
    expect(entry?.after).toMatchObject({ machine: 'LT-1', assignee: 'Tom Fixer', firstDue: '2027-01-31' });
  });

  it('counts a runtime plan from the machine’s reading when no start reading is given', async () => {
    const made = await s.admin.ok(
      'POST',
      '/api/v1/maintenance/plans',
      s.plan(press, '2027-01-10', { calendarEvery: null, calendarUnit: null, meterEveryHours: '250' }),
      201,
    );
    expect(made).toMatchObject({ meterStartReading: '100', open: { dueOn: null, dueReading: '350' } });
    expect(made.nextDueDates).toEqual([]);
  });

  it.each([
    [{ title: '' }, 'title'],
    [{ mode: 'sometimes' }, 'mode'],
    [{ startOn: '2027-02-30' }, 'startOn'],
    [{ calendarEvery: 0 }, 'calendarEvery'],
    [{ calendarEvery: 1.5 }, 'calendarEvery'],
    [{ calendarUnit: null }, 'calendarUnit'],
    [{ calendarEvery: null, calendarUnit: null }, 'calendarEvery'],
    [{ meterEveryHours: '0' }, 'meterEveryHours'],
    [{ meterEveryHours: '10', meterStartReading: '-1' }, 'meterStartReading'],
    [{ leadDays: -1 }, 'leadDays'],
    [{ graceHours: 'lots' }, 'graceHours'],
    [{ assigneeId: 'tom' }, 'assigneeId'],
    [{ checklist: [{ text: '' }] }, 'checklist.0.text'],
    [{ machineId: 'lathe' }, 'machineId'],
  ])('refuses %j with 400 naming %s, and adds nothing', async (change, field) => {
    const [before, beforeOcc] = [await plans(), await occurrences()];
    const response = await s.admin.send(
      'POST',
      '/api/v1/maintenance/plans',
      s.plan(lathe, '2027-02-01', change),
    );
    expect(response.statusCode, response.body).toBe(400);
    expect(Object.keys(response.json().error.fieldErrors)).toContain(field);
    expect([await plans(), await occurrences()]).toEqual([before, beforeOcc]);
  });

  it.each([
    ['machineId', PLAN_MESSAGES.machineNotFound],
    ['assigneeId', PLAN_MESSAGES.assigneeNotFound],
  ])('refuses a %s that is no one of the company’s: 404 naming it, nothing added', async (field, message) => {
    const before = await plans();
    const response = await s.admin.send(
      'POST',
      '/api/v1/maintenance/plans',
      s.plan(lathe, '2027-02-01', { [field]: '0190a8d4-0000-7000-8000-000000000000' }),
    );
    expect(response.statusCode, response.body).toBe(404);
    expect(response.json().error.fieldErrors).toEqual({ [field]: message });
    expect(await plans()).toBe(before);
  });

  it('is for admins: a technician is refused and adds nothing, but reads the list', async () => {
    const before = await plans();
    const response = await s.technician.send(
      'POST',
      '/api/v1/maintenance/plans',
      s.plan(lathe, '2027-02-01'),
    );
    expect(response.statusCode, response.body).toBe(403);
    expect(await plans()).toBe(before);
    expect((await s.technician.ok('GET', '/api/v1/maintenance/plans')).total).toBe(before);
  });
});

describe('the list', () => {
  it('searches title, machine name and asset tag, narrows by machine and on/off, and pages on the server', async () => {
    const all = await s.admin.ok('GET', '/api/v1/maintenance/plans');
    expect(all.total).toBeGreaterThanOrEqual(2);
    const byTag = await s.admin.ok('GET', '/api/v1/maintenance/plans?q=pr-1');
    expect(byTag.items.map((p: { machine: { id: string } }) => p.machine.id)).toEqual([press]);
    const byMachine = await s.admin.ok('GET', `/api/v1/maintenance/plans?machineId=${lathe}`);
    expect(byMachine.items.every((p: { machine: { id: string } }) => p.machine.id === lathe)).toBe(true);
    expect((await s.admin.ok('GET', '/api/v1/maintenance/plans?q=lubrication&active=false')).total).toBe(0);
    const page = await s.admin.ok('GET', '/api/v1/maintenance/plans?pageSize=1&page=2');
    expect(page).toMatchObject({ total: all.total, page: 2, pageSize: 1 });
    expect(page.items).toHaveLength(1);
  });

  it('refuses a machine filter of no machine of the company: 404 naming machineId; bad filters 400', async () => {
    const response = await s.admin.send(
      'GET',
      '/api/v1/maintenance/plans?machineId=0190a8d4-0000-7000-8000-000000000001',
    );
    expect(response.statusCode, response.body).toBe(404);
    expect(Object.keys(response.json().error.fieldErrors)).toEqual(['machineId']);
    const bad = await s.admin.send('GET', '/api/v1/maintenance/plans?active=maybe');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fieldErrors)).toContain('active');
  });
});

describe('changing and switching a plan', () => {
  let id: string;
  beforeAll(async () => {
    id = (await s.admin.ok('POST', '/api/v1/maintenance/plans', s.plan(lathe, '2027-01-20'), 201)).id;
  });

  it('keeps the open occurrence’s date when only the words change', async () => {
    const changed = await s.admin.ok(
      'PUT',
      `/api/v1/maintenance/plans/${id}`,
      s.plan(lathe, '2027-01-20', { title: 'Oil' }),
    );
    expect(changed).toMatchObject({ title: 'Oil', open: { dueOn: '2027-01-20' } });
  });

  it('re-dates the open occurrence from a changed schedule, and says so in the trail', async () => {
    const changed = await s.admin.ok(
      'PUT',
      `/api/v1/maintenance/plans/${id}`,
      s.plan(lathe, '2027-01-12', { title: 'Oil', calendarUnit: 'week' }),
    );
    expect(changed.open).toMatchObject({ dueOn: '2027-01-12', state: 'due-soon' });
    expect(changed.nextDueDates).toEqual([
      '2027-01-12',
      '2027-01-19',
      '2027-01-26',
      '2027-02-02',
      '2027-02-09',
    ]);
    expect(await openOf(id)).toHaveLength(1);
    const entries = await s.t.database.db.select().from(auditEntries).where(eq(auditEntries.entityId, id));
    expect(entries.find((e) => e.action === 'updated' && e.after?.openDue)?.after).toMatchObject({
      openDue: '2027-01-12',
      calendarUnit: 'week',
    });
  });

  it('switches off closing nothing: the open occurrence waits, out of the machine’s due list', async () => {
    const off = await s.admin.ok('POST', `/api/v1/maintenance/plans/${id}/active`, { active: false });
    expect(off).toMatchObject({ active: false, open: { status: 'open', dueOn: '2027-01-12' } });
    const due = await s.technician.ok('GET', `/api/v1/machines/${lathe}/due-maintenance`);
    expect(due.items.map((o: { planId: string }) => o.planId)).not.toContain(id);
    const again = await s.admin.send('POST', `/api/v1/maintenance/plans/${id}/active`, { active: false });
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json().error.fieldErrors).toEqual({ active: PLAN_MESSAGES.sameActive(false) });
  });

  it('switches on moving a date that passed while off to the next grid date on or after today', async () => {
    s.clock.set('2027-02-03T17:00:00Z');
    const on = await s.admin.ok('POST', `/api/v1/maintenance/plans/${id}/active`, { active: true });
    expect(on).toMatchObject({ active: true, open: { dueOn: '2027-02-09', state: 'scheduled' } });
    expect(await openOf(id)).toHaveLength(1);
    s.clock.set('2027-01-10T17:00:00Z');
  });

  it('refuses a technician’s change and another company’s-looking ids the same way as a missing plan', async () => {
    const tech = await s.technician.send('POST', `/api/v1/maintenance/plans/${id}/active`, { active: false });
    expect(tech.statusCode).toBe(403);
    const missing = await s.admin.send(
      'GET',
      '/api/v1/maintenance/plans/0190a8d4-0000-7000-8000-000000000002',
    );
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe(PLAN_MESSAGES.notFound);
    const badId = await s.admin.send('GET', '/api/v1/maintenance/plans/plan-1');
    expect(badId.statusCode).toBe(400);
  });
});

describe('with the area off', () => {
  it('answers every plan route 403 FEATURE_DISABLED', async () => {
    await s.setMaintenance(false);
    try {
      const response = await s.admin.send('GET', '/api/v1/maintenance/plans');
      expect(response.statusCode).toBe(403);
      expect(response.json().error.code).toBe('FEATURE_DISABLED');
    } finally {
      await s.setMaintenance(true);
    }
  });
});
