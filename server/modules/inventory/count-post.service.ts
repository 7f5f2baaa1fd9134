// Posting a count (admins): one stock transaction of kind "count" with a line per counted line whose count differs
// from the book at the moment of counting, applied to the balance as it is now; the session is closed with it, in
// the same database transaction. Uncounted lines are left as they are. All or nothing.
import { fromScaled, normalizeDecimal, toScaled } from '#common/decimal.ts';
import { AppError } from '#common/errors.ts';
import { QUANTITY_SCALE } from '#common/schemas/inventory-setup.ts';
import { COUNT_MESSAGES, type TPostCountResult } from '#common/schemas/stock-check.ts';
import type { TDb } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { TTenant } from '../../db/tenant.ts';
import { recordAudit } from '../audit/audit.ts';
import * as repo from './count.repo.ts';
import { loadSession, sessionNotFound } from './count.service.ts';
import * as linesRepo from './count-lines.repo.ts';
import { balanceOf } from './stock.repo.ts';
import { postLinesWithin } from './stock.service.ts';

const alreadyPosted = () => new AppError('CONFLICT', COUNT_MESSAGES.alreadyPosted);
const negate = (q: string) => fromScaled(-toScaled(q, QUANTITY_SCALE), QUANTITY_SCALE);

type TVarianceLine = Awaited<ReturnType<typeof linesRepo.varianceLines>>[number];

/**
 * A refusal of the posting, said in the count's terms: which part number at which location, and what to do. The
 * stock service names a line by the field "lines.<n>" given to it.
 */
async function refusalOf(tx: TDb, error: AppError, lines: TVarianceLine[]): Promise<AppError> {
  const index = Object.keys(error.fieldErrors ?? {})
    .map((field) => /^lines\.(\d+)/.exec(field)?.[1])
    .find((n) => n !== undefined);
  const line = index === undefined ? undefined : lines[Number(index)];
  if (!line) return error;
  if (error.code === 'CONFLICT') {
    const available = normalizeDecimal(await balanceOf(tx, line.itemId, line.locationId, line.lotId));
    return new AppError(
      'CONFLICT',
      COUNT_MESSAGES.stockMovedAway(line.partNumber, line.locationCode, available, negate(line.variance)),
    );
  }
  return new AppError(
    'CONFLICT',
    `${line.partNumber} at ${line.locationCode}: ${error.message} Nothing was posted.`,
  );
}

/** Posts the differences of a count and closes it; posting twice is refused. */
export async function postCount(tenant: TTenant, id: string): Promise<TPostCountResult> {
  try {
    return await tenant.run(async (tx) => {
      // The update lock waits for counts being entered (they hold a share lock) and holds new ones off.
      const session = await repo.findSession(tx, tenant.companyId, id, 'update');
      if (!session) throw sessionNotFound();
      if (session.status === 'posted') throw alreadyPosted();
      if (session.status === 'cancelled') throw new AppError('CONFLICT', COUNT_MESSAGES.cancelledNoPost);

      const lines = (await linesRepo.varianceLines(tx, id)).map((l) => ({
        ...l,
        variance: normalizeDecimal(l.variance),
      }));
      const inactive = lines.find((l) => !l.itemActive);
      if (inactive) throw new AppError('CONFLICT', COUNT_MESSAGES.inactiveOnPost(inactive.partNumber));
      let transactionId: string | null = null;
      if (lines.length > 0) {
        try {
          transactionId = await postLinesWithin(
            tx,
            tenant,
            {
              kind: 'count',
              reason: session.title || `Stock check ${session.number}`,
              reference: `Count ${session.number}`,
              idempotencyKey: `count-session:${id}`,
            },
            lines.map((l, index) => ({
              itemId: l.itemId,
              locationId: l.locationId,
              lotId: l.lotId,
              delta: l.variance,
              field: `lines.${index}`,
            })),
          );
        } catch (error) {
          if (error instanceof AppError) throw await refusalOf(tx, error, lines);
          throw error;
        }
      }
      const before = await loadSession(tx, session, tenant);
      const uncountedLines = before.lines - before.counted;
      await repo.closeSession(tx, id, { status: 'posted', closedByName: tenant.actor.name, transactionId });
      await recordAudit(tx, tenant.companyId, tenant.actor, {
        entityType: 'stock-check',
        entityId: id,
        entityLabel: `Count ${session.number}`,
        action: 'posted',
        before: { status: 'counting' },
        after: {
          status: 'posted',
          changedLines: lines.length,
          uncountedLines,
          varianceValue: before.varianceValue,
          transactionId,
        },
      });
      return {
        session: await loadSession(tx, (await repo.findSession(tx, tenant.companyId, id))!, tenant),
        changedLines: lines.length,
        uncountedLines,
        transactionId,
      };
    });
  } catch (error) {
    // The key count-session:<id> posts once: a second posting that got past the lock loses here.
    if (isUniqueViolation(error)) throw alreadyPosted();
    throw error;
  }
}
