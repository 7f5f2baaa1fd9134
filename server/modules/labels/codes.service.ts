// The code of each labelled thing (docs/decisions/027): a random token made the first time the thing is labelled
// and kept for good, so a reprint carries the same code as the label already on the shelf.
import { randomBytes } from 'node:crypto';
import { newToken, type TCodeKind } from '#common/label-codes.ts';
import type { TDb } from '../../db/client.ts';
import { findTokens, insertTokens } from './codes.repo.ts';

/** Collisions are one in a trillion per token; a few rounds make a failure practically impossible yet finite. */
const MAX_ROUNDS = 5;

/**
 * The token of each entity (by entity id), making the missing ones. Call it in the tenant's transaction (`tx` of
 * `tenant.run`): the entities must already be known to belong to the company.
 */
export async function codesFor(
  tx: TDb,
  companyId: string,
  kind: TCodeKind,
  entityIds: readonly string[],
): Promise<Map<string, string>> {
  const wanted = [...new Set(entityIds)];
  const tokens = await findTokens(tx, companyId, kind, wanted);
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const missing = wanted.filter((id) => !tokens.has(id));
    if (missing.length === 0) return tokens;
    await insertTokens(
      tx,
      companyId,
      kind,
      missing.map((entityId) => ({ entityId, token: newToken((n) => randomBytes(n)) })),
    );
    // Read back: a skipped row was either labelled meanwhile (its token is found now) or lost a token collision
    // (still missing: the next round draws it a new token).
    for (const [id, token] of await findTokens(tx, companyId, kind, missing)) tokens.set(id, token);
  }
  throw new Error(`Could not make label codes for ${kind} after ${MAX_ROUNDS} rounds`);
}
