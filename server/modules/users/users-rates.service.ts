// A burdened labor rate set from a date (decision 080). The preview answers how many time entries the rate would
// re-price; setting it records the dated rate, re-prices exactly those entries and keeps the users row's current
// rate, in one transaction, audited. A rate from today takes effect now, so no earlier entry changes.
import { AppError } from '#common/errors.ts';
import {
  LABOR_RATE_MESSAGES,
  type TLaborRateChange,
  type TLaborRatePreview,
  type TLaborRateSet,
} from '#common/schemas/labor-rates.ts';
import { compareDates, dateIn, dayRangeIn, safeTimeZone } from '#common/time/calendar.ts';
import type { TDb } from '../../db/client.ts';
import type { TAuthUser } from '../../plugins/auth.ts';
import { actorOf, recordAudit } from '../audit/audit.ts';
import { recostCompletedLabor } from '../build/work-order-cost.ts';
import { findCompany } from '../companies/companies.repo.ts';
import { countCovered, nextRateAfter, repriceCovered } from '../time/time-rates.repo.ts';
import * as repo from './users.repo.ts';
import { checkSysadminRules, userNotFound } from './users-rules.ts';

/** The instant a rate from `date` takes effect: now for today, the day's first moment in the company's zone before. */
async function effectiveAt(tx: TDb, companyId: string, date: string, now: Date): Promise<Date> {
  const zone = safeTimeZone((await findCompany(tx, companyId))?.timezone);
  const today = dateIn(now, zone);
  const order = compareDates(date, today);
  if (order > 0) {
    throw new AppError('BAD_REQUEST', LABOR_RATE_MESSAGES.effectiveFromFuture, {
      effectiveFrom: LABOR_RATE_MESSAGES.effectiveFromFuture,
    });
  }
  return order === 0 ? now : new Date(dayRangeIn(date, zone).from);
}

async function targetOf(tx: TDb, actor: TAuthUser, id: string) {
  const target = await repo.findCompanyUser(tx, actor.companyId, id);
  if (!target) throw userNotFound();
  checkSysadminRules(actor, target.role, undefined);
  return target;
}

/** How many time entries setting `input` for user `id` would re-price, and from when. Changes nothing. */
export async function previewLaborRate(
  db: TDb,
  actor: TAuthUser,
  id: string,
  input: TLaborRateChange,
  now: Date,
): Promise<TLaborRatePreview> {
  const target = await targetOf(db, actor, id);
  const at = await effectiveAt(db, actor.companyId, input.effectiveFrom, now);
  const until = await nextRateAfter(db, actor.companyId, target.id, at);
  const entries = await countCovered(db, actor.companyId, target.id, at, until);
  return { rate: input.rate, effectiveAt: at.toISOString(), entries };
}

/** Sets the rate from the date: the dated rate, the entries it covers re-priced, the current rate kept, audited. */
export async function setLaborRate(
  db: TDb,
  actor: TAuthUser,
  id: string,
  input: TLaborRateChange,
  now: Date,
): Promise<TLaborRateSet> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as TDb;
    // Rate changes of one company queue up, so a preview's count and the change agree when nothing else moved.
    if (!(await repo.lockCompany(tx, actor.companyId))) throw userNotFound();
    const target = await targetOf(tx, actor, id);
    const at = await effectiveAt(tx, actor.companyId, input.effectiveFrom, now);
    const until = await nextRateAfter(tx, actor.companyId, target.id, at);
    await repo.insertLaborRate(tx, {
      companyId: actor.companyId,
      userId: target.id,
      rate: input.rate,
      setBy: actor.userId,
      effectiveFrom: at,
    });
    const repriced = await repriceCovered(tx, actor.companyId, target.id, at, until, input.rate);
    const entries = repriced.count;
    // Re-priced time on a completed work order's steps changes what its output cost (decision 085).
    await recostCompletedLabor(
      tx,
      { companyId: actor.companyId, actor: actorOf(actor) },
      repriced.stepRunIds,
    );
    const current = (await repo.laborRateAt(tx, target.id, now)) ?? '0';
    const updated = await repo.updateUser(tx, actor.companyId, target.id, { burdenedLaborRate: current });
    if (!updated) throw userNotFound();
    await recordAudit(tx, actor.companyId, actorOf(actor), {
      entityType: 'user',
      entityId: target.id,
      entityLabel: target.email,
      action: 'rate-set',
      after: { burdenedLaborRate: input.rate, effectiveFrom: input.effectiveFrom, entriesRepriced: entries },
    });
    return { rate: input.rate, effectiveAt: at.toISOString(), entries, user: repo.toCompanyUser(updated) };
  });
}
