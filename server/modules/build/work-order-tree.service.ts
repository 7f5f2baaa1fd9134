// Planning through every level (decision 064): GET /api/v1/work-orders/proposal shows the tree of work orders that
// building an assembly needs (work-order-tree-plan.ts), POST /api/v1/work-orders/tree makes it — the work order
// asked for and its sub-assemblies' work orders, each linked to the one that needs its output, less those the
// planner unticked — in one transaction, numbered and audited one by one. Every id in the request is looked up as
// the company's (another company's is "no such …", naming the field); a work order made from an order line, or
// made without an output location, puts away at its item's default location.
import { v7 as uuidv7 } from 'uuid';
import { normalizeDecimal } from '#common/decimal.ts';
import { AppError } from '#common/errors.ts';
import {
  WORK_ORDER_MESSAGES as M,
  type TWorkOrderProposal,
  type TWorkOrderProposalQuery,
  type TWorkOrderTree,
  type TWorkOrderTreeCreateParsed,
} from '#common/schemas/work-orders.ts';
import { statusStyle } from '#common/statuses.ts';
import { buildOrderNumberText, workOrderNumberText } from '#common/work-order-status.ts';
import { nodesToMake } from '#common/work-order-tree.ts';
import type { TDb } from '../../db/client.ts';
import type { TTenant } from '../../db/tenant.ts';
import { recordAudit } from '../audit/audit.ts';
import { takeNextNumber } from '../companies/counters.repo.ts';
import { findLocation } from '../inventory/locations.repo.ts';
import { assertWholeQuantity } from '../inventory/whole-units.ts';
import { findAssembly } from './assemblies.repo.ts';
import { defaultLocationsOf, revisionUses } from './work-order-tree.repo.ts';
import { planTree, proposalNode, type TPlanRoot } from './work-order-tree-plan.ts';
import * as repo from './work-orders.repo.ts';
import { exceeds, subtract, summaryOf } from './work-orders.service.ts';

/** Work orders a child may still be made for: not completed, not cancelled. */
const OPEN = new Set(['planned', 'released', 'in_progress', 'paused']);
const dateText = (d: string | Date | null) =>
  d === null ? null : typeof d === 'string' ? d.slice(0, 10) : d.toISOString().slice(0, 10);
const fail = (code: 'NOT_FOUND' | 'CONFLICT' | 'BAD_REQUEST', field: string, message: string) =>
  new AppError(code, message, { [field]: message });

/** What the top of the tree is made with, once every id of the request is checked. */
interface TTreeRoot extends TPlanRoot {
  revisionNumber: number;
  dueOn: string | null;
  orderLineId: string | null;
  orderText: string | null;
  parent: { id: string; numberText: string } | null;
  outputLocation: { id: string; fullCode: string } | null;
}

/**
 * Checks the request as creating would (the order line's order and the parent are locked until the transaction
 * ends, so two plans of one line or one parent queue up) and returns the top of the tree.
 */
async function rootOf(tx: TDb, companyId: string, input: TWorkOrderProposalQuery): Promise<TTreeRoot> {
  if (input.orderLineId && input.parentWorkOrderId)
    throw fail('BAD_REQUEST', 'parentWorkOrderId', M.lineOrParent);
  const assembly = await findAssembly(tx, companyId, input.assemblyId);
  if (!assembly) throw fail('NOT_FOUND', 'assemblyId', M.assemblyNotFound);
  assertWholeQuantity('quantity', input.quantity, assembly.item);
  const revision = await repo.currentReleasedRevision(tx, companyId, assembly.assembly.id);
  if (!revision) throw fail('CONFLICT', 'assemblyId', M.neverReleased);
  let dueOn = input.dueOn ?? null;
  let orderText: string | null = null;
  if (input.orderLineId) {
    const line = await repo.findOrderLine(tx, companyId, input.orderLineId);
    if (!line) throw fail('NOT_FOUND', 'orderLineId', M.orderLineNotFound);
    if (line.status !== 'open' && line.status !== 'in_progress')
      throw fail('CONFLICT', 'orderLineId', M.orderNotOpen(line.status.replace('_', ' ')));
    if (line.assembly_id !== assembly.assembly.id) throw fail('BAD_REQUEST', 'assemblyId', M.lineAssembly);
    // No over-building (decision 047): the line's work orders, this one included, stay within the line.
    const left = subtract(line.quantity, await repo.takenOfLine(tx, companyId, line.id));
    if (exceeds(input.quantity, left)) {
      const unit = assembly.item.unitOfMeasure;
      throw fail(
        'CONFLICT',
        'quantity',
        M.overLine(normalizeDecimal(left), normalizeDecimal(line.quantity), unit),
      );
    }
    dueOn ??= dateText(line.due_on);
    orderText = buildOrderNumberText(Number(line.number));
  }
  let parent: TTreeRoot['parent'] = null;
  if (input.parentWorkOrderId) {
    const row = await repo.lockWorkOrder(tx, companyId, input.parentWorkOrderId);
    if (!row) throw fail('NOT_FOUND', 'parentWorkOrderId', M.parentNotFound);
    const numberText = workOrderNumberText(row.number);
    if (!OPEN.has(row.status)) {
      const status = statusStyle('workOrder', row.status).label.toLowerCase();
      throw fail('CONFLICT', 'parentWorkOrderId', M.parentClosed(numberText, status));
    }
    if (!(await revisionUses(tx, companyId, row.revisionId, assembly.item.id)))
      throw fail('BAD_REQUEST', 'assemblyId', M.parentDoesNotUse(numberText, assembly.item.partNumber));
    // A sub-assembly is due no later than the work order that needs it.
    const parentDue = dateText(row.dueOn);
    if (parentDue && dueOn && dueOn > parentDue)
      throw fail('BAD_REQUEST', 'dueOn', M.afterParent(numberText, parentDue));
    dueOn ??= parentDue;
    parent = { id: row.id, numberText };
  }
  let outputLocation: TTreeRoot['outputLocation'] = null;
  if (input.outputLocationId) {
    const location = await findLocation(tx, companyId, input.outputLocationId);
    if (!location?.active) throw fail('NOT_FOUND', 'outputLocationId', M.locationNotFound);
    outputLocation = { id: location.id, fullCode: location.fullCode };
  }
  return {
    assemblyId: assembly.assembly.id,
    itemId: assembly.item.id,
    partNumber: assembly.item.partNumber,
    name: assembly.item.name,
    unitOfMeasure: assembly.item.unitOfMeasure,
    revisionId: revision.id,
    revisionNumber: revision.number,
    quantity: input.quantity,
    dueOn,
    orderLineId: input.orderLineId ?? null,
    orderText,
    parent,
    outputLocation,
  };
}

/** GET /api/v1/work-orders/proposal: the tree POST …/tree would make now. */
export async function proposeWorkOrders(
  tenant: TTenant,
  input: TWorkOrderProposalQuery,
): Promise<TWorkOrderProposal> {
  return tenant.run(async (tx) => {
    const root = await rootOf(tx, tenant.companyId, input);
    const nodes = await planTree(tx, tenant.companyId, root);
    return { dueOn: root.dueOn, nodes: nodes.map(proposalNode) };
  });
}

/**
 * POST /api/v1/work-orders/tree: the proposal as it stands now, made, less each left-out sub-assembly (and what is
 * under it). A key that is not in the proposal any more (stock now covers it) leaves nothing out; the top cannot be
 * left out (400 naming `leaveOut.N`).
 */
export async function createWorkOrderTree(
  tenant: TTenant,
  input: TWorkOrderTreeCreateParsed,
): Promise<TWorkOrderTree> {
  const { companyId } = tenant;
  return tenant.run(async (tx) => {
    const root = await rootOf(tx, companyId, input);
    const topAt = input.leaveOut.indexOf(root.itemId);
    if (topAt >= 0) throw fail('BAD_REQUEST', `leaveOut.${topAt}`, M.rootLeftOut);
    const nodes = nodesToMake(await planTree(tx, companyId, root), input.leaveOut);
    const defaults = await defaultLocationsOf(
      tx,
      companyId,
      nodes.map((n) => n.itemId),
    );
    const made = new Map<string, { id: string; numberText: string }>();
    for (const node of nodes) {
      const parent = node.parentKey === null ? root.parent : (made.get(node.parentKey) ?? null);
      const location =
        node.parentKey === null
          ? (root.outputLocation ?? defaults.get(node.itemId))
          : defaults.get(node.itemId);
      const id = uuidv7();
      const number = await takeNextNumber(tx, companyId, 'work_order');
      await repo.insertWorkOrder(tx, {
        id,
        companyId,
        number,
        // Only the top is the line's: its sub-assemblies are not what the order asks for (decision 047's sums).
        orderLineId: node.parentKey === null ? root.orderLineId : null,
        parentWorkOrderId: parent?.id ?? null,
        assemblyId: node.assemblyId,
        revisionId: node.revisionId as string,
        quantity: node.quantity,
        dueOn: root.dueOn,
        outputLocationId: location?.id ?? null,
        createdBy: tenant.actor.name,
      });
      made.set(node.key, { id, numberText: workOrderNumberText(number) });
      await recordAudit(tx, companyId, tenant.actor, {
        entityType: 'work-order',
        entityId: id,
        entityLabel: workOrderNumberText(number),
        action: 'created',
        after: {
          assembly: `${node.partNumber} ${node.name}`,
          quantity: node.quantity,
          ...(root.dueOn ? { dueOn: root.dueOn } : {}),
          ...(node.parentKey === null && root.orderText ? { orderLine: root.orderText } : {}),
          ...(parent ? { parent: parent.numberText } : {}),
          ...(location ? { outputLocation: location.fullCode } : {}),
          ...(node.parentKey === null ? { revision: root.revisionNumber } : {}),
          status: 'planned',
        },
      });
    }
    const workOrders = [];
    for (const { id } of made.values()) {
      const summary = await repo.findSummary(tx, companyId, id);
      if (summary) workOrders.push(summaryOf(summary));
    }
    return { workOrders };
  });
}
