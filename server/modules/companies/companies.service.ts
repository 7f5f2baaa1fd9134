// Rules for companies: creation with a unique name and default settings, and the label configuration.

import { v7 as uuidv7 } from 'uuid';
import { AppError } from '#common/errors.ts';
import { LABEL_CONFIG_MESSAGES, type TLabelConfig, type TLabelConfigPatch } from '#common/label-config.ts';
import { DEFAULT_PLAN_ID, type TPlanId } from '#common/plans.ts';
import type { TDb } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { TTenant } from '../../db/tenant.ts';
import { changedFields, recordAudit } from '../audit/audit.ts';
import { receiptPlansInForce } from '../quality/plan-in-force.repo.ts';
import * as repo from './companies.repo.ts';

/** The message SPEC.md gives for a taken company name. */
export const COMPANY_NAME_TAKEN =
  'Company name unavailable: That company name is already taken. Choose a different name or contact your admin.';

/** Creates a company with SPEC.md's default configuration; a name taken in any case is refused. */
export async function createCompany(
  db: TDb,
  input: { name: string; planId?: TPlanId; timezone?: string },
): Promise<repo.TCompanyRow> {
  const name = input.name.trim();
  const taken = () => new AppError('CONFLICT', COMPANY_NAME_TAKEN, { companyName: COMPANY_NAME_TAKEN });
  try {
    return await db.transaction(async (tx) => {
      const t = tx as unknown as TDb;
      if (await repo.findCompanyByName(t, name)) throw taken();
      return repo.insertCompany(t, {
        id: uuidv7(),
        name,
        planId: input.planId ?? DEFAULT_PLAN_ID,
        timezone: input.timezone ?? 'America/New_York',
      });
    });
  } catch (error) {
    // Two requests for the same new name at once: the unique index lets one through; the other is told so.
    if (isUniqueViolation(error)) throw taken();
    throw error;
  }
}

/** The signed-in user's company configuration. */
export async function getLabelConfig(tenant: TTenant): Promise<TLabelConfig> {
  const config = await tenant.run((tx) => repo.findLabelConfig(tx, tenant.companyId));
  if (!config) throw new AppError('NOT_FOUND', 'Your company has no configuration. Contact support.');
  return config;
}

/** Changes the company configuration (admins only; the route checks the role) and returns it whole. */
/**
 * Refuses turning the company's lot numbers off while a receipt plan is in force (decision 070): without lots the
 * plans would silently hold nothing, as for one item's lot tracking (items.service.ts).
 */
async function checkLotsNotNeeded(tx: TDb, companyId: string): Promise<void> {
  const plans = await receiptPlansInForce(tx, companyId);
  if (plans.count === 0 || !plans.first) return;
  const message = LABEL_CONFIG_MESSAGES.lotsNeededByReceiptPlans(plans.count, plans.first);
  throw new AppError('CONFLICT', message, { useLotNumbers: message });
}

export async function changeLabelConfig(tenant: TTenant, patch: TLabelConfigPatch): Promise<TLabelConfig> {
  const noConfig = () => new AppError('NOT_FOUND', 'Your company has no configuration. Contact support.');
  const { companyId, actor } = tenant;
  return tenant.run(async (tx) => {
    // Locked before a receipt plan is read: a plan's release or switch-on reads the settings for share and waits, or
    // we wait for it (decision 070).
    if (patch.useLotNumbers === false) await repo.lockLabelConfig(tx, companyId, 'update');
    const before = await repo.findLabelConfig(tx, companyId);
    if (!before) throw noConfig();
    if (patch.useLotNumbers === false && before.useLotNumbers) await checkLotsNotNeeded(tx, companyId);
    const after = await repo.updateLabelConfig(tx, companyId, patch);
    if (!after) throw noConfig();
    const diff = changedFields(before, after);
    if (Object.keys(diff.after).length > 0) {
      await recordAudit(tx, companyId, actor, {
        entityType: 'company-configuration',
        entityId: companyId,
        entityLabel: 'Company configuration',
        action: 'updated',
        ...diff,
      });
    }
    return after;
  });
}
