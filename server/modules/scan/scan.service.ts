// Resolving what was scanned (docs/decisions/028): one of our label codes first, then the company's part numbers,
// lot numbers and location codes, so vendor barcodes and hand-typed text work too. Everything is read inside
// the tenant's transaction: another company's code is simply not found, and gets the same answer as garbage.

import { normalizeDecimal } from '#common/decimal.ts';
import { AppError } from '#common/errors.ts';
import { parseCode } from '#common/label-codes.ts';
import { featureFlagsOf } from '#common/label-config.ts';
import type { TItem, TLocationKind } from '#common/schemas/inventory-setup.ts';
import type { TMachineStatus } from '#common/schemas/machines.ts';
import { scanNotRecognised, type TScanMatch, type TScanResult } from '#common/schemas/scan.ts';
import { type TWorkOrderStatus, workOrderNumberText } from '#common/work-order-status.ts';
import type { TDb } from '../../db/client.ts';
import type { TTenant } from '../../db/tenant.ts';
import { findIdByNumberText, findSummary } from '../build/work-orders.repo.ts';
import { findLabelConfig } from '../companies/companies.repo.ts';
import { findItem } from '../inventory/items.repo.ts';
import { findMachine, findMachineIdByAssetTag } from '../maintenance/machines.repo.ts';
import * as repo from './scan.repo.ts';
import { jobOfWorkOrder, resolveJob, resolveJobNumber } from './scan-jobs.ts';

/** A date column as the contract spells it ("2027-06-30"), whichever driver read it. */
function dateText(value: string | Date | null): string | null {
  if (value === null) return null;
  return typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10);
}

/** The balances part of a result, quantities in one spelling. */
async function balancesOf(tx: TDb, companyId: string, scope: repo.TBalanceScope) {
  const found = await repo.scopeBalances(tx, companyId, scope);
  return {
    balances: found.rows.map((b) => ({ ...b, quantity: normalizeDecimal(b.quantity) })),
    balanceCount: found.count,
    onHand: normalizeDecimal(found.total),
  };
}

async function itemResult(
  tx: TDb,
  companyId: string,
  item: TItem,
  matchedBy: TScanMatch,
): Promise<TScanResult> {
  const { balances, balanceCount, onHand } = await balancesOf(tx, companyId, { itemId: item.id });
  return { kind: 'item', matchedBy, item, onHand, balances, balanceCount };
}

async function resolveItem(tx: TDb, companyId: string, itemId: string, matchedBy: TScanMatch) {
  const item = await findItem(tx, companyId, itemId);
  return item ? itemResult(tx, companyId, item, matchedBy) : null;
}

async function resolveLot(
  tx: TDb,
  companyId: string,
  lotId: string,
  matchedBy: TScanMatch,
): Promise<TScanResult | null> {
  const lot = await repo.findLotRow(tx, companyId, lotId);
  const item = lot ? await findItem(tx, companyId, lot.itemId) : null;
  if (!lot || !item) return null;
  const { balances, balanceCount, onHand } = await balancesOf(tx, companyId, { itemId: item.id, lotId });
  return {
    kind: 'lot',
    matchedBy,
    lot: {
      id: lot.id,
      lotNumber: lot.lotNumber,
      expiresOn: dateText(lot.expiresOn),
      hold:
        lot.onHold && lot.heldAt
          ? { reason: lot.holdReason ?? '', heldAt: lot.heldAt.toISOString(), heldBy: lot.heldBy ?? '' }
          : null,
    },
    item,
    onHand,
    balances,
    balanceCount,
  };
}

async function resolveLocation(
  tx: TDb,
  companyId: string,
  locationId: string,
  matchedBy: TScanMatch,
): Promise<TScanResult | null> {
  const location = await repo.findLocationRow(tx, companyId, locationId);
  if (!location) return null;
  const { balances, balanceCount } = await balancesOf(tx, companyId, { locationId });
  return {
    kind: 'location',
    matchedBy,
    location: { ...location, kind: location.kind as TLocationKind },
    balances,
    balanceCount,
  };
}

/** A work order as a scan shows it: enough to say which it is and open it (decision 048). */
async function resolveWorkOrder(
  tx: TDb,
  companyId: string,
  id: string,
  matchedBy: TScanMatch,
): Promise<TScanResult | null> {
  const found = await findSummary(tx, companyId, id);
  if (!found) return null;
  return {
    kind: 'work-order',
    matchedBy,
    workOrder: {
      id: found.id,
      numberText: workOrderNumberText(Number(found.number)),
      status: found.status as TWorkOrderStatus,
      partNumber: found.part_number,
      name: found.name,
      quantity: normalizeDecimal(found.quantity),
      unitOfMeasure: found.unit_of_measure,
      dueOn: dateText(found.due_on),
    },
    job: await jobOfWorkOrder(tx, companyId, id),
  };
}

/**
 * A machine as a scan shows it (decision 060): which it is, where, and its status, so the card can offer "report a
 * breakdown" and "start due maintenance". Only while the Maintenance area is on: with it off, a machine's label is
 * not recognised, as every machine route refuses.
 */
async function resolveMachine(
  tx: TDb,
  companyId: string,
  id: string,
  matchedBy: TScanMatch,
): Promise<TScanResult | null> {
  const config = await findLabelConfig(tx, companyId);
  if (!config || !featureFlagsOf(config).maintenance) return null;
  const found = await findMachine(tx, companyId, id);
  if (!found) return null;
  return {
    kind: 'machine',
    matchedBy,
    machine: {
      id: found.machine.id,
      name: found.machine.name,
      assetTag: found.machine.assetTag,
      status: found.machine.status as TMachineStatus,
      locationCode: found.location?.fullCode ?? null,
    },
  };
}

/** Our own label code: the token's thing, when it is of the kind the code says. */
async function byLabelCode(tx: TDb, companyId: string, kind: string, token: string) {
  const code = await repo.findLabelCode(tx, companyId, token);
  if (!code || code.kind !== kind) return null;
  if (kind === 'item') return resolveItem(tx, companyId, code.entityId, 'code');
  if (kind === 'lot') return resolveLot(tx, companyId, code.entityId, 'code');
  if (kind === 'location') return resolveLocation(tx, companyId, code.entityId, 'code');
  if (kind === 'work-order') return resolveWorkOrder(tx, companyId, code.entityId, 'code');
  if (kind === 'machine') return resolveMachine(tx, companyId, code.entityId, 'code');
  if (kind === 'job') return resolveJob(tx, companyId, code.entityId, 'code');
  return null;
}

/**
 * Text that is not one of our codes: the part number, then a lot number, a location code, a work order's number, a
 * machine's asset tag, and last a job's number (JOB-000042: a part number spelt so still wins, as it always has).
 */
async function byText(tx: TDb, companyId: string, text: string): Promise<TScanResult | null> {
  const itemId = await repo.findItemIdByPartNumber(tx, companyId, text);
  if (itemId) return resolveItem(tx, companyId, itemId, 'part-number');
  const sameNumber = await repo.findLotsByNumber(tx, companyId, text);
  if (sameNumber.length === 1) return resolveLot(tx, companyId, sameNumber[0]!.id, 'lot-number');
  const locationId = await repo.findLocationIdByCode(tx, companyId, text);
  if (locationId) return resolveLocation(tx, companyId, locationId, 'location-code');
  const workOrderId = await findIdByNumberText(tx, companyId, text);
  if (workOrderId) return resolveWorkOrder(tx, companyId, workOrderId, 'work-order-number');
  const machineId = await findMachineIdByAssetTag(tx, companyId, text);
  if (machineId) {
    const machine = await resolveMachine(tx, companyId, machineId, 'asset-tag');
    if (machine) return machine;
  }
  const job = await resolveJobNumber(tx, companyId, text);
  if (job) return job;
  if (sameNumber.length > 1) {
    throw new AppError(
      'NOT_FOUND',
      `Lot “${text}” exists for several items: scan the lot's own label, or type the part number first.`,
    );
  }
  return null;
}

/** GET /api/v1/scan/resolve: what `scanned` is in the user's company, or 404 "Not recognised: …". */
export async function resolveScan(tenant: TTenant, scanned: string): Promise<TScanResult> {
  const text = scanned.trim();
  const parsed = parseCode(text);
  const isLink = /^https?:\/\//i.test(text);
  const { companyId } = tenant;
  const found = await tenant.run(async (tx) => {
    const coded = parsed ? await byLabelCode(tx, companyId, parsed.kind, parsed.token) : null;
    if (coded) return coded;
    // A link is ours or nothing; any other text may still be a part number, a lot or a location code.
    return isLink ? null : byText(tx, companyId, text);
  });
  if (!found) throw new AppError('NOT_FOUND', scanNotRecognised(text));
  return found;
}
