// The rules of stock checks: admins start a count over a location subtree or a set of items (expected quantities
// frozen in one transaction), and cancel it; anyone in the company reads and counts. A blind count keeps expected
// quantities and variances from non-admins, in the JSON itself, until it is closed. Posting: count-post.service.ts.
import { v7 as uuidv7 } from 'uuid';
import { normalizeDecimal } from '#common/decimal.ts';
import { AppError } from '#common/errors.ts';
import { hasRole } from '#common/roles.ts';
import {
  COUNT_MAX_LINES,
  COUNT_MESSAGES,
  type TCountLine,
  type TCountLinePage,
  type TCountLinesQuery,
  type TCountListQuery,
  type TCountSession,
  type TCountSessionPage,
  type TCountStatus,
  type TStartCount,
} from '#common/schemas/stock-check.ts';
import type { TDb } from '../../db/client.ts';
import type { TTenant, TTenantContext } from '../../db/tenant.ts';
import { recordAudit } from '../audit/audit.ts';
import * as repo from './count.repo.ts';
import * as linesRepo from './count-lines.repo.ts';
import { findLocation } from './locations.repo.ts';

export const sessionNotFound = () => new AppError('NOT_FOUND', COUNT_MESSAGES.notFound);
const badField = (field: string, message: string) =>
  new AppError('BAD_REQUEST', message, { [field]: message });

/** Whether `who` sees expected quantities and variances of `session`: admins always, others once not blind. */
export function expectedVisible(
  session: Pick<repo.TSessionRow, 'blind' | 'status'>,
  who: Pick<TTenantContext, 'role'>,
): boolean {
  return hasRole(who.role, 'admin') || !session.blind || session.status !== 'counting';
}

/** A session as the API answers it, progress included (variances only where visible). */
function toSession(
  row: repo.TSessionRow,
  locationCode: string | null,
  progress: repo.TProgress | undefined,
  who: Pick<TTenantContext, 'role'>,
): TCountSession {
  const visible = expectedVisible(row, who);
  return {
    id: row.id,
    number: row.number,
    title: row.title,
    scope: row.scope as TCountSession['scope'],
    locationId: row.locationId,
    locationCode,
    blind: row.blind,
    status: row.status as TCountStatus,
    startedByName: row.startedByName,
    startedAt: row.startedAt.toISOString(),
    closedByName: row.closedByName,
    closedAt: row.closedAt?.toISOString() ?? null,
    transactionId: row.transactionId,
    expectedVisible: visible,
    lines: progress?.lines ?? 0,
    counted: progress?.counted ?? 0,
    variances: visible ? (progress?.variances ?? 0) : null,
    varianceValue: visible ? normalizeDecimal(progress?.varianceValue ?? '0', 4) : null,
  };
}

/** A line as the API answers it: expected, book at count and variance left out entirely while hidden. */
export function toLine(row: linesRepo.TLineListRow, visible: boolean): TCountLine {
  const { line } = row;
  const base: TCountLine = {
    id: line.id,
    itemId: line.itemId,
    partNumber: row.partNumber,
    itemName: row.itemName,
    unitOfMeasure: row.unitOfMeasure,
    locationId: line.locationId,
    locationCode: row.locationCode,
    lotId: line.lotId,
    lotNumber: row.lotNumber,
    countedQuantity: line.countedQuantity === null ? null : normalizeDecimal(line.countedQuantity),
    countedByName: line.countedByName,
    countedAt: line.countedAt?.toISOString() ?? null,
    added: line.added,
  };
  if (!visible) return base;
  return {
    ...base,
    expectedQuantity: normalizeDecimal(line.expectedQuantity),
    bookAtCount: line.bookAtCount === null ? null : normalizeDecimal(line.bookAtCount),
    variance: row.variance === null ? null : normalizeDecimal(row.variance),
    unitCost: normalizeDecimal(row.unitCost, 4),
    varianceValue: row.varianceValue === null ? null : normalizeDecimal(row.varianceValue, 4),
  };
}

/** The session with its progress, read in `tx`, as `who` may see it. */
export async function loadSession(
  tx: TDb,
  row: repo.TSessionRow,
  who: Pick<TTenantContext, 'role'>,
): Promise<TCountSession> {
  const progress = await repo.progressOf(tx, [row.id]);
  return toSession(row, await repo.locationCodeOf(tx, row.locationId), progress.get(row.id), who);
}

/** The scope of a new count, checked: the location (and its path), or the items (known and active). */
async function scopeOf(tx: TDb, companyId: string, input: TStartCount): Promise<repo.TScope> {
  if (input.scope === 'location') {
    const location = await findLocation(tx, companyId, input.locationId);
    if (!location) throw badField('locationId', COUNT_MESSAGES.locationNotFound);
    return { locationPath: location.path };
  }
  const found = new Map((await repo.itemsByIds(tx, companyId, input.itemIds)).map((i) => [i.id, i]));
  for (const [index, itemId] of input.itemIds.entries()) {
    const item = found.get(itemId);
    if (!item) throw badField(`itemIds.${index}`, COUNT_MESSAGES.itemNotFound);
    if (!item.active)
      throw badField(`itemIds.${index}`, `${item.partNumber}: ${COUNT_MESSAGES.itemInactive}`);
  }
  return { itemIds: input.itemIds };
}

/** Starts a count: one line per non-zero balance in scope, expected quantities frozen, numbered per company. */
export async function startCount(tenant: TTenant, input: TStartCount): Promise<TCountSession> {
  return tenant.run(async (tx) => {
    const scope = await scopeOf(tx, tenant.companyId, input);
    const balances = await repo.balancesInScope(tx, tenant.companyId, scope, COUNT_MAX_LINES + 1);
    const field = input.scope === 'location' ? 'locationId' : 'itemIds';
    if (balances.length > COUNT_MAX_LINES) throw badField(field, COUNT_MESSAGES.tooManyLines);
    if ('itemIds' in scope) {
      // An items count covers the items of its lines: one with no stock anywhere would silently drop out.
      const stocked = new Set(balances.map((b) => b.itemId));
      const missing = scope.itemIds.filter((id) => !stocked.has(id));
      if (missing.length > 0) {
        const names = (await repo.itemsByIds(tx, tenant.companyId, missing)).map((i) => i.partNumber).sort();
        throw badField('itemIds', COUNT_MESSAGES.itemsWithoutStock(names));
      }
    }
    await repo.lockSessionNumbers(tx, tenant.companyId);
    const number = await repo.nextSessionNumber(tx, tenant.companyId);
    const id = uuidv7();
    const name = tenant.actor.name;
    await repo.insertSession(tx, {
      id,
      companyId: tenant.companyId,
      number,
      title: input.title,
      scope: input.scope,
      locationId: input.scope === 'location' ? input.locationId : null,
      blind: input.blind,
      startedBy: tenant.userId,
      startedByName: name,
    });
    await repo.insertLines(
      tx,
      balances.map((b) => ({
        id: uuidv7(),
        companyId: tenant.companyId,
        sessionId: id,
        itemId: b.itemId,
        locationId: b.locationId,
        lotId: b.lotId,
        expectedQuantity: b.quantity,
      })),
    );
    const row = (await repo.findSession(tx, tenant.companyId, id))!;
    const session = await loadSession(tx, row, tenant);
    await recordAudit(tx, tenant.companyId, tenant.actor, {
      entityType: 'stock-check',
      entityId: id,
      entityLabel: `Count ${number}`,
      action: 'started',
      after: {
        title: input.title,
        scope: input.scope,
        location: session.locationCode,
        blind: input.blind,
        lines: session.lines,
      },
    });
    return session;
  });
}

export async function listCounts(tenant: TTenant, query: TCountListQuery): Promise<TCountSessionPage> {
  return tenant.run(async (tx) => {
    const { rows, total } = await repo.listSessions(tx, tenant.companyId, query);
    const progress = await repo.progressOf(
      tx,
      rows.map((r) => r.session.id),
    );
    return {
      items: rows.map((r) => toSession(r.session, r.locationCode, progress.get(r.session.id), tenant)),
      total,
      page: query.page,
      pageSize: query.pageSize,
    };
  });
}

export async function getCount(tenant: TTenant, id: string): Promise<TCountSession> {
  return tenant.run(async (tx) => {
    const row = await repo.findSession(tx, tenant.companyId, id);
    if (!row) throw sessionNotFound();
    return loadSession(tx, row, tenant);
  });
}

export async function listCountLines(
  tenant: TTenant,
  id: string,
  query: TCountLinesQuery,
): Promise<TCountLinePage> {
  return tenant.run(async (tx) => {
    const session = await repo.findSession(tx, tenant.companyId, id);
    if (!session) throw sessionNotFound();
    const visible = expectedVisible(session, tenant);
    // Which lines differ, or which differ most, would tell a blind counter what the book says.
    if (!visible && (query.filter === 'variance' || query.sort === 'value')) {
      throw new AppError('FORBIDDEN', COUNT_MESSAGES.blindVariances);
    }
    const { rows, total } = await linesRepo.listLines(tx, id, query);
    return { items: rows.map((r) => toLine(r, visible)), total, page: query.page, pageSize: query.pageSize };
  });
}

/** Cancels a count that is still counting (admins): its lines stay as a record, nothing is posted. */
export async function cancelCount(tenant: TTenant, id: string): Promise<TCountSession> {
  return tenant.run(async (tx) => {
    const row = await repo.findSession(tx, tenant.companyId, id, 'update');
    if (!row) throw sessionNotFound();
    if (row.status !== 'counting') throw new AppError('CONFLICT', COUNT_MESSAGES.cancelOnlyCounting);
    await repo.closeSession(tx, id, { status: 'cancelled', closedByName: tenant.actor.name });
    await recordAudit(tx, tenant.companyId, tenant.actor, {
      entityType: 'stock-check',
      entityId: id,
      entityLabel: `Count ${row.number}`,
      action: 'cancelled',
      before: { status: 'counting' },
      after: { status: 'cancelled' },
    });
    return loadSession(tx, (await repo.findSession(tx, tenant.companyId, id))!, tenant);
  });
}
