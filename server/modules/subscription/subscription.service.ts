// The company's plan: what it allows and uses today, and a change of plan that never leaves usage above the limits.
import { eq } from 'drizzle-orm';
import { AppError } from '#common/errors.ts';
import { findPlan, planLimitsOf } from '#common/plans.ts';
import { SUBSCRIPTION_MESSAGES, type TChangePlan, type TSubscription } from '#common/schemas/subscription.ts';
import type { TDb } from '../../db/client.ts';
import type { TAuthUser, TTenantContext } from '../../plugins/auth.ts';
import { actorOf, recordAudit } from '../audit/audit.ts';
import { companies } from '../companies/companies.tables.ts';
import { countActiveItems } from '../inventory/items.repo.ts';
import { countActiveUsers, lockCompany } from '../users/users.repo.ts';

function describe(
  company: { planId: string; planStartedAt: Date },
  activeUsers: number,
  skus: number,
  now: Date,
): TSubscription {
  const limits = planLimitsOf(company.planId, company.planStartedAt, now);
  const plan = findPlan(company.planId);
  return {
    planId: company.planId,
    planName: plan?.display ?? 'Unknown plan',
    limitsPlanName: limits.plan?.display ?? 'Fallback',
    maxUsers: limits.maxUsers,
    maxSkus: limits.maxSkus,
    activeUsers,
    skus,
    startedAt: company.planStartedAt.toISOString(),
    endsAt: limits.endsAt?.toISOString() ?? null,
    expired: limits.expired,
    monthlyPriceUsd: plan?.monthlyPriceUsd ?? 0,
  };
}

/** The signed-in user's company plan, limits and usage. */
export async function getSubscription(
  db: TDb,
  ctx: TTenantContext,
  now = new Date(),
): Promise<TSubscription> {
  const [company] = await db
    .select({ planId: companies.planId, planStartedAt: companies.planStartedAt })
    .from(companies)
    .where(eq(companies.id, ctx.companyId));
  if (!company) throw new AppError('NOT_FOUND', 'Your company could not be found.');
  return describe(
    company,
    await countActiveUsers(db, ctx.companyId),
    await countActiveItems(db, ctx.companyId),
    now,
  );
}

/**
 * Moves the company to another plan (admins). Refused when usage is above the new plan's limits, so a downgrade
 * never strands data; the change and who made it go to the audit trail. Runs with the company row locked, like
 * every seat change, so a user added at the same moment is counted.
 */
export async function changePlan(
  db: TDb,
  actor: TAuthUser,
  input: TChangePlan,
  now = new Date(),
): Promise<TSubscription> {
  const target = findPlan(input.planId)!;
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as TDb;
    const company = await lockCompany(tx, actor.companyId);
    if (!company) throw new AppError('NOT_FOUND', 'Your company could not be found.');
    if (company.planId === target.id) throw new AppError('CONFLICT', SUBSCRIPTION_MESSAGES.samePlan);
    if (target.id === 'beta') {
      throw new AppError('BAD_REQUEST', SUBSCRIPTION_MESSAGES.betaOnlyAtSignUp, {
        planId: SUBSCRIPTION_MESSAGES.betaOnlyAtSignUp,
      });
    }
    const activeUsers = await countActiveUsers(tx, actor.companyId);
    const skus = await countActiveItems(tx, actor.companyId);
    if (activeUsers > target.maxUsers) {
      throw new AppError(
        'LIMIT_REACHED',
        SUBSCRIPTION_MESSAGES.tooManyUsers(target.display, target.maxUsers, activeUsers),
      );
    }
    if (skus > target.maxSkus) {
      throw new AppError(
        'LIMIT_REACHED',
        SUBSCRIPTION_MESSAGES.tooManySkus(target.display, target.maxSkus, skus),
      );
    }
    const [updated] = await tx
      .update(companies)
      .set({ planId: target.id, planStartedAt: now })
      .where(eq(companies.id, actor.companyId))
      .returning({ planId: companies.planId, planStartedAt: companies.planStartedAt });
    await recordAudit(tx, actor.companyId, actorOf(actor), {
      entityType: 'plan',
      entityId: actor.companyId,
      entityLabel: company.name,
      action: 'changed',
      before: { plan: findPlan(company.planId)?.display ?? company.planId },
      after: { plan: target.display },
    });
    return describe(updated!, activeUsers, skus, now);
  });
}
