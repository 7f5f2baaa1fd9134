// A nonconformance's dispositions (decisions 070, 073), by an admin, each in ONE transaction with what it does to the
// stock: scrap and return to supplier take the quantity out of the lot's locations through the ledger's posting
// engine (kinds 'scrap' and 'return-to-supplier', at the item's ledger cost; the engine allows both on a held lot),
// rework makes a work order of the item for the quantity, use as is posts nothing. A disposition decides part or all
// of what is left undecided (decision 073, 2026-12-01): the nonconformance stays open until all of it is decided, and
// a held lot is released only when it waits for nothing more (lot-hold-release.ts) — naming the nonconformance.
import { v7 as uuidv7 } from 'uuid';
import { fromScaled, normalizeDecimal, toScaled } from '#common/decimal.ts';
import { AppError } from '#common/errors.ts';
import { lotHoldWaits } from '#common/quality/lot-hold-waits.ts';
import { QUANTITY_SCALE } from '#common/schemas/inventory-setup.ts';
import {
  NC_MESSAGES as M,
  ncNumberText,
  type TNcDetail,
  type TNcDisposition,
  type TNcDispositionInput,
} from '#common/schemas/nonconformances.ts';
import { workOrderNumberText } from '#common/work-order-status.ts';
import type { TDb } from '../../db/client.ts';
import type { TTenant } from '../../db/tenant.ts';
import { recordAudit } from '../audit/audit.ts';
import { findAssemblyByItem } from '../build/assemblies.repo.ts';
import { currentReleasedRevision } from '../build/work-orders.repo.ts';
import { createWorkOrderWithin } from '../build/work-orders.service.ts';
import { postLinesPosting, type TPostingLine } from '../inventory/stock.service.ts';
import { assertWholeQuantity } from '../inventory/whole-units.ts';
import { lockLot } from './holds.repo.ts';
import { releaseLotWithin } from './holds.service.ts';
import { lotHoldFacts } from './lot-hold-facts.ts';
import { countDispositions, insertDisposition } from './nc-dispositions.repo.ts';
import { ncDetailOf, ncNotFound } from './nc-views.ts';
import * as repo from './nonconformances.repo.ts';

const DISPOSITION_WORDS: Record<TNcDisposition, string> = {
  scrap: 'scrap',
  rework: 'rework',
  use_as_is: 'use as is',
  return_to_supplier: 'return to supplier',
};

const scaled = (v: string) => toScaled(v, QUANTITY_SCALE);
const addQuantity = (a: string, b: string) => fromScaled(scaled(a) + scaled(b), QUANTITY_SCALE);
const conflict = (field: string, message: string) => new AppError('CONFLICT', message, { [field]: message });
const badRequest = (field: string, message: string) =>
  new AppError('BAD_REQUEST', message, { [field]: message });

/**
 * The posting lines that take `quantity` out: from the lot's locations in location order (only `locationId` when
 * given), or, without a lot, from `locationId` outside any lot. Refused (409 naming quantity) when they hold less.
 */
async function linesTaking(
  tx: TDb,
  companyId: string,
  nc: repo.TNcRow,
  quantity: string,
  locationId: string | undefined,
): Promise<TPostingLine[]> {
  if (!nc.lotId) {
    if (!locationId) throw badRequest('locationId', M.locationRequired);
    const balance = await repo.looseBalance(tx, companyId, nc.itemId, locationId);
    if (!balance) throw new AppError('NOT_FOUND', M.locationNotFound, { locationId: M.locationNotFound });
    if (scaled(quantity) > scaled(balance.quantity))
      throw conflict('quantity', M.overLocation(normalizeDecimal(balance.quantity), balance.full_code));
    return [{ itemId: nc.itemId, locationId, lotId: null, delta: `-${quantity}`, field: 'quantity' }];
  }
  const balances = (await repo.lotBalances(tx, companyId, nc.lotId)).filter(
    (b) => !locationId || b.location_id === locationId,
  );
  const held = balances.reduce((sum, b) => sum + scaled(b.quantity), 0n);
  if (scaled(quantity) > held) {
    const lot = await repo.refsOf(tx, companyId, { itemId: nc.itemId, lotId: nc.lotId });
    throw conflict('quantity', M.overLot(fromScaled(held, QUANTITY_SCALE), lot.lot_number ?? ''));
  }
  const lines: TPostingLine[] = [];
  let left = scaled(quantity);
  for (const b of balances) {
    if (left === 0n) break;
    const take = left < scaled(b.quantity) ? left : scaled(b.quantity);
    lines.push({
      itemId: nc.itemId,
      locationId: b.location_id,
      lotId: nc.lotId,
      delta: fromScaled(-take, QUANTITY_SCALE),
      field: 'quantity',
    });
    left -= take;
  }
  return lines;
}

/** POST /api/v1/nonconformances/:id/disposition (admins): see the module comment. */
export async function dispositionNonconformance(
  tenant: TTenant,
  id: string,
  input: TNcDispositionInput & { note: string },
): Promise<TNcDetail> {
  const { companyId } = tenant;
  return tenant.run(async (tx) => {
    // The nonconformance first, then its lot, both for update: two dispositions at once queue up on the row (the
    // second sees what the first decided), and the lot's release never waits on a posting's share lock.
    const nc = await repo.lockNc(tx, companyId, id);
    if (!nc) throw ncNotFound();
    if (nc.status === 'closed') throw new AppError('CONFLICT', M.closed);
    const decided = scaled(nc.dispositionQuantity ?? '0');
    const undecided = scaled(nc.quantity) - decided;
    if (undecided <= 0n) throw new AppError('CONFLICT', M.allDecided);
    const lot = nc.lotId ? await lockLot(tx, companyId, nc.lotId) : null;
    const item = (await repo.itemOf(tx, companyId, nc.itemId))!;
    const quantity = normalizeDecimal(input.quantity);
    if (scaled(quantity) > undecided)
      throw badRequest('quantity', M.overQuantity(fromScaled(undecided, QUANTITY_SCALE)));
    assertWholeQuantity('quantity', quantity, {
      partNumber: item.part_number,
      unitOfMeasure: item.unit_of_measure,
    });
    const numberText = ncNumberText(nc.number);
    const ordinal = (await countDispositions(tx, companyId, id)) + 1;

    let transactionId: string | null = null;
    let reworkWorkOrderId: string | null = null;
    let reworkText: string | null = null;
    let supplierId: string | null = null;
    if (input.disposition === 'scrap' || input.disposition === 'return_to_supplier') {
      if (input.disposition === 'return_to_supplier') {
        supplierId = input.supplierId ?? nc.supplierId;
        if (!supplierId) throw badRequest('supplierId', M.supplierRequired);
        const refs = await repo.refsOf(tx, companyId, { itemId: nc.itemId, supplierId });
        if (refs.supplier_name === null)
          throw new AppError('NOT_FOUND', M.supplierNotFound, { supplierId: M.supplierNotFound });
      }
      const lines = await linesTaking(tx, companyId, nc, quantity, input.locationId);
      const posting = await postLinesPosting(
        tx,
        tenant,
        {
          kind: input.disposition === 'scrap' ? 'scrap' : 'return-to-supplier',
          reason: input.note || nc.description,
          reference: numberText,
          // One posting per disposition, whatever else the lock above misses (the stock reversal refuses the prefix).
          idempotencyKey: `nc-disposition:${id}:${ordinal}`,
          supplierId,
        },
        lines,
      );
      transactionId = posting.id;
    } else if (lot) {
      // Rework and use as is move nothing, but still say no more than the lot holds.
      const held = (await repo.lotBalances(tx, companyId, lot.id)).reduce(
        (s, b) => s + scaled(b.quantity),
        0n,
      );
      if (scaled(quantity) > held)
        throw conflict('quantity', M.overLot(fromScaled(held, QUANTITY_SCALE), lot.lot_number));
    }
    if (input.disposition === 'rework') {
      const assembly = await findAssemblyByItem(tx, companyId, nc.itemId);
      const revision = assembly ? await currentReleasedRevision(tx, companyId, assembly.id) : null;
      if (!assembly || !revision) throw conflict('disposition', M.reworkNeedsAssembly(item.part_number));
      const wo = await createWorkOrderWithin(tx, tenant, { assemblyId: assembly.id, quantity }, numberText);
      reworkWorkOrderId = wo.id;
      reworkText = workOrderNumberText(wo.number);
    }

    const nowDecided = decided + scaled(quantity);
    const allDecided = nowDecided === scaled(nc.quantity);
    await repo.updateNc(tx, companyId, id, {
      status: allDecided ? 'dispositioned' : 'open',
      dispositionQuantity: fromScaled(nowDecided, QUANTITY_SCALE),
      ...(supplierId && !nc.supplierId ? { supplierId } : {}),
    });
    const left = fromScaled(scaled(nc.quantity) - nowDecided, QUANTITY_SCALE);

    // The lot comes off hold only when it waits for nothing more once this disposition counts. The facts are read
    // after the posting and the update above (what the lot holds, what is undecided); this disposition's row is not
    // written yet, so what it keeps is added to what was judged.
    let lotReleased = false;
    if (lot?.on_hold) {
      const read = await lotHoldFacts(tx, companyId, lot.id);
      const keeps = input.disposition === 'use_as_is' || input.disposition === 'rework';
      const facts = read && keeps ? { ...read, judged: addQuantity(read.judged, quantity) } : read;
      if (facts && lotHoldWaits(facts).length === 0) {
        const what = `${DISPOSITION_WORDS[input.disposition]} ${quantity}`;
        await releaseLotWithin(
          tx,
          tenant,
          lot.id,
          `${numberText} dispositioned (${what}): nothing of the lot is left undecided`,
          { nonconformanceId: id },
        );
        lotReleased = true;
      }
    }
    await insertDisposition(tx, {
      id: uuidv7(),
      companyId,
      nonconformanceId: id,
      disposition: input.disposition,
      quantity,
      note: input.note,
      supplierId,
      transactionId,
      reworkWorkOrderId,
      lotReleased,
      createdBy: tenant.actor.name,
    });

    await recordAudit(tx, companyId, tenant.actor, {
      entityType: 'nonconformance',
      entityId: id,
      entityLabel: numberText,
      action: 'dispositioned',
      before: { status: 'open', undecided: fromScaled(undecided, QUANTITY_SCALE) },
      after: {
        status: allDecided ? 'dispositioned' : 'open',
        disposition: DISPOSITION_WORDS[input.disposition],
        dispositionQuantity: quantity,
        undecided: left,
        ...(input.note ? { note: input.note } : {}),
        ...(transactionId ? { posting: transactionId } : {}),
        ...(reworkText ? { reworkWorkOrder: reworkText } : {}),
        ...(lotReleased ? { lotReleased: true } : {}),
      },
    });
    return ncDetailOf(tx, companyId, id);
  });
}
