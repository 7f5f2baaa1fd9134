// A released revision's steps, their pictures and the plans they are inspected with, kept in this process (decision
// 064, issue 28's bench; decision 076): the floor view reads them at every tap of an operator, and a released revision
// never changes — its steps and step files are frozen by the build_revision_frozen trigger, its step plans by
// assembly_step_checks_frozen, whatever the code does — so after the first read they are the same for
// every request of every instance. A draft is never kept. The key names the company as well as the revision, and the
// revision id comes from a work order the tenant's own transaction read, so one company's entry can never answer
// another's request. At most RECIPE_CACHE_SIZE revisions are kept, the least recently used leaving first.
import { sql } from 'drizzle-orm';
import { queryRows, type TDb } from '../../db/client.ts';
import { stepsOf } from './assemblies.repo.ts';
import { stepCheckLinksOf, type TStepCheckLink } from './floor-checks.repo.ts';
import { stepFilesOf } from './step-files.repo.ts';

export const RECIPE_CACHE_SIZE = 500;

export interface TRecipe {
  steps: Awaited<ReturnType<typeof stepsOf>>;
  files: Awaited<ReturnType<typeof stepFilesOf>>;
  /** Which plans each step is inspected with (the links only: plan names and inspections change, so are read). */
  checks: TStepCheckLink[];
}

const kept = new Map<string, TRecipe>();

/** The revision's steps in order, their files and step plans, from memory once the revision is known to be released. */
export async function recipeOf(tx: TDb, companyId: string, revisionId: string): Promise<TRecipe> {
  const key = `${companyId}:${revisionId}`;
  const hit = kept.get(key);
  if (hit) {
    // Map keeps insertion order: moving the entry to the end makes the first one the least recently used.
    kept.delete(key);
    kept.set(key, hit);
    return hit;
  }
  const recipe = {
    steps: await stepsOf(tx, companyId, revisionId),
    files: await stepFilesOf(tx, companyId, revisionId),
    checks: await stepCheckLinksOf(tx, companyId, revisionId),
  };
  const [revision] = await queryRows<{ status: string }>(
    tx,
    sql`select status from assembly_revisions where company_id = ${companyId} and id = ${revisionId}`,
  );
  if (revision?.status === 'released') {
    kept.set(key, recipe);
    if (kept.size > RECIPE_CACHE_SIZE) kept.delete(kept.keys().next().value!);
  }
  return recipe;
}
