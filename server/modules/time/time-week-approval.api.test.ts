// Separation of duties on a week's approval (decision 080), through the API on both databases: an admin's own week is
// another admin's to approve (403 naming userId, nothing approved), and the week tells the admin so before they try;
// the company's only active admin approves their own week, and the audit trail records it as self-approved.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TIME_MESSAGES as M } from '#common/schemas/time.ts';
import { addDays, startOfWeek, todayIn } from '#common/time/calendar.ts';
import { createTestApp, type TTestApp } from '../../../tests/setup/test-app.ts';
import { type TTimeShop, timeShopOf } from '../../../tests/setup/time-shop.ts';
import { manualClock } from '../../clock.ts';

// The app's day: a Wednesday two weeks ahead of the real one, so every person (created today) has their rate by then.
const MONDAY = startOfWeek(addDays(todayIn('UTC'), 14));
const clock = manualClock(`${addDays(MONDAY, 2)}T12:00:00.000Z`);

let t: TTestApp;
let solo: TTimeShop;
let pair: TTimeShop;

beforeAll(async () => {
  t = await createTestApp({ clock });
  solo = await timeShopOf(t, 'Solo Admin Co', 'UTC');
  pair = await timeShopOf(t, 'Two Admins Co', 'UTC');
});
afterAll(async () => {
  await t?.close();
});

const weekOf = (userId: string) => ({ userId, week: MONDAY });

describe('approving one’s own week', () => {
  it('refuses an admin their own week while another admin is active, and lets that admin approve it', async () => {
    const ben = await pair.person('Ben', 'admin');
    const own = await pair.admin.ok('GET', `/api/v1/time/week?week=${MONDAY}`);
    expect(own.selfApproval).toBe('another-admin');

    const refused = await pair.admin.send('POST', '/api/v1/time/week/approve', weekOf(pair.admin.userId));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(M.ownWeekNeedsAnotherAdmin);
    expect(refused.json().error.fieldErrors).toEqual({ userId: M.ownWeekNeedsAnotherAdmin });
    expect((await pair.admin.ok('GET', `/api/v1/time/week?week=${MONDAY}`)).approved).toBeNull();

    // Ben reads Ada's week as someone else's: nothing of his own to hold him back.
    const asBen = await ben.ok('GET', `/api/v1/time/week?week=${MONDAY}&userId=${pair.admin.userId}`);
    expect(asBen.selfApproval).toBeNull();
    const approved = await ben.ok('POST', '/api/v1/time/week/approve', weekOf(pair.admin.userId));
    expect(approved.approved.by).toContain('Ben Clock');
    const audit = await ben.ok('GET', `/api/v1/audit?entityType=time-week&entityId=${pair.admin.userId}`);
    expect(audit.items.map((e: { action: string }) => e.action)).toEqual(['approved']);
    expect(audit.items[0].after).not.toHaveProperty('selfApproved');
  });

  it('lets the only active admin approve their own week, recorded as self-approved on the audit trail', async () => {
    const own = await solo.admin.ok('GET', `/api/v1/time/week?week=${MONDAY}`);
    expect(own.selfApproval).toBe('only-admin');
    const approved = await solo.admin.ok('POST', '/api/v1/time/week/approve', weekOf(solo.admin.userId));
    expect(approved.approved.by).toContain('Ada Clock');
    const audit = await solo.admin.ok(
      'GET',
      `/api/v1/audit?entityType=time-week&entityId=${solo.admin.userId}`,
    );
    expect(audit.items).toHaveLength(1);
    expect(audit.items[0].after.selfApproved).toContain('only active admin');
  });

  it('counts only active admins: once the other admin is made inactive, the one left approves their own week', async () => {
    const shop = await timeShopOf(t, 'Admin Leaves Co', 'UTC');
    const cleo = await shop.person('Cleo', 'admin');
    const week = `/api/v1/time/week?week=${MONDAY}`;
    expect((await shop.admin.ok('GET', week)).selfApproval).toBe('another-admin');
    await shop.admin.ok('PATCH', `/api/v1/users/${cleo.userId}`, { active: false });
    expect((await shop.admin.ok('GET', week)).selfApproval).toBe('only-admin');
    const approved = await shop.admin.ok('POST', '/api/v1/time/week/approve', weekOf(shop.admin.userId));
    expect(approved.approved).not.toBeNull();
  });

  it('asks nothing of a person who is no admin: their own week says no self-approval, and approving stays 403', async () => {
    const op = await solo.person('Otto');
    expect((await op.ok('GET', `/api/v1/time/week?week=${MONDAY}`)).selfApproval).toBeNull();
    const tried = await op.send('POST', '/api/v1/time/week/approve', weekOf(op.userId));
    expect(tried.statusCode).toBe(403);
    expect((await op.ok('GET', `/api/v1/time/week?week=${MONDAY}`)).approved).toBeNull();
  });
});
