// Queries of a revision's steps as a draft's save changes them in place (decision 044's notes: a kept step keeps its
// id and what links to it), and of the pictures and videos shown at its steps. company_id in every where.
import { and, asc, eq, inArray, notInArray } from 'drizzle-orm';
import type { TDb } from '../../db/client.ts';
import { files } from '../files/files.tables.ts';
import { assemblyStepFiles, assemblySteps, bomLines } from './build.tables.ts';

export type TStepFileRow = typeof assemblyStepFiles.$inferSelect;

/** A revision's step files with their files, by step then position. */
export async function stepFilesOf(tx: TDb, companyId: string, revisionId: string) {
  return tx
    .select({ link: assemblyStepFiles, file: files })
    .from(assemblyStepFiles)
    .innerJoin(
      files,
      and(eq(files.companyId, assemblyStepFiles.companyId), eq(files.id, assemblyStepFiles.fileId)),
    )
    .where(and(eq(assemblyStepFiles.companyId, companyId), eq(assemblyStepFiles.revisionId, revisionId)))
    .orderBy(asc(assemblyStepFiles.stepId), asc(assemblyStepFiles.position));
}

export async function insertStepFiles(
  tx: TDb,
  rows: (typeof assemblyStepFiles.$inferInsert)[],
): Promise<void> {
  if (rows.length > 0) await tx.insert(assemblyStepFiles).values(rows);
}

/** Detaches every file of `stepIds` (the files themselves stay: another revision may show them). */
export async function deleteStepFiles(tx: TDb, companyId: string, stepIds: string[]): Promise<void> {
  if (stepIds.length === 0) return;
  await tx
    .delete(assemblyStepFiles)
    .where(and(eq(assemblyStepFiles.companyId, companyId), inArray(assemblyStepFiles.stepId, stepIds)));
}

/** Deletes a draft's lines (they name its steps; a save writes them again). */
export async function deleteLines(tx: TDb, companyId: string, revisionId: string): Promise<void> {
  await tx
    .delete(bomLines)
    .where(and(eq(bomLines.companyId, companyId), eq(bomLines.revisionId, revisionId)));
}

/** Deletes the draft's steps other than `keep`, with their file links (the foreign key cascades). */
export async function deleteStepsExcept(
  tx: TDb,
  companyId: string,
  revisionId: string,
  keep: string[],
): Promise<void> {
  const own = and(eq(assemblySteps.companyId, companyId), eq(assemblySteps.revisionId, revisionId));
  await tx
    .delete(assemblySteps)
    .where(keep.length === 0 ? own : and(own, notInArray(assemblySteps.id, keep)));
}

/** Writes a kept step's fields and position in place. */
export async function updateStep(
  tx: TDb,
  companyId: string,
  id: string,
  fields: Pick<
    typeof assemblySteps.$inferInsert,
    'position' | 'title' | 'instructions' | 'setupMinutes' | 'runMinutes'
  >,
): Promise<void> {
  await tx
    .update(assemblySteps)
    .set(fields)
    .where(and(eq(assemblySteps.companyId, companyId), eq(assemblySteps.id, id)));
}
