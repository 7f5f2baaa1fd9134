// Saving a draft revision: its lines and steps replaced whole, after every component is checked to be the company's
// own item and to make no loop through sub-assemblies (decision 044). One transaction, one audit entry.
import { v7 as uuidv7 } from 'uuid';
import { normalizeDecimal } from '#common/decimal.ts';
import { AppError } from '#common/errors.ts';
import { BUILD_MESSAGES, type TRevision, type TRevisionSave } from '#common/schemas/build.ts';
import type { TDb } from '../../db/client.ts';
import type { TTenant } from '../../db/tenant.ts';
import { recordAudit } from '../audit/audit.ts';
import * as repo from './assemblies.repo.ts';
import { findLoop } from './bom-graph.ts';
import { revisionOf } from './revision-view.ts';

/** A line as the trail writes it: "PN × 2 (+5 % scrap) at step 1". */
function lineText(partNumber: string, l: { quantity: string; scrapPercent: string; step: number | null }) {
  const scrap =
    normalizeDecimal(l.scrapPercent, 3) === '0' ? '' : ` (+${normalizeDecimal(l.scrapPercent, 3)} % scrap)`;
  return `${partNumber} × ${normalizeDecimal(l.quantity)}${scrap}${l.step ? ` at step ${l.step}` : ''}`;
}

/** Refuses components that are not the company's items (404, naming the line) and lines that close a loop. */
async function checkComponents(
  tx: TDb,
  companyId: string,
  assemblyItemId: string,
  input: TRevisionSave,
): Promise<Map<string, string>> {
  const ids = [...new Set(input.lines.map((l) => l.componentItemId))];
  const found = new Map((await repo.itemsAmong(tx, companyId, ids)).map((r) => [r.id, r.part_number]));
  const missing = input.lines.findIndex((l) => !found.has(l.componentItemId));
  if (missing >= 0) {
    throw new AppError('NOT_FOUND', BUILD_MESSAGES.itemNotFound, {
      [`lines.${missing}.componentItemId`]: BUILD_MESSAGES.itemNotFound,
    });
  }
  const loop = findLoop(assemblyItemId, ids, await repo.edgesBelow(tx, companyId, ids));
  if (loop) {
    const names = await repo.partNumbers(tx, companyId, loop);
    const message = BUILD_MESSAGES.loop(loop.map((id) => names.get(id) ?? id));
    const at = input.lines.findIndex((l) => l.componentItemId === loop[1]);
    throw new AppError('BAD_REQUEST', message, { [`lines.${at}.componentItemId`]: message });
  }
  return found;
}

/** Refuses a line naming a step the draft does not have, and a kept step id that is not one of this draft's. */
function checkSteps(input: TRevisionSave, ownStepIds: Set<string>): void {
  const errors: Record<string, string> = {};
  input.lines.forEach((l, i) => {
    if (l.step !== null && l.step > input.steps.length)
      errors[`lines.${i}.step`] = BUILD_MESSAGES.stepMissing(l.step, input.steps.length);
  });
  const seen = new Set<string>();
  input.steps.forEach((s, i) => {
    if (s.id !== undefined && (!ownStepIds.has(s.id) || seen.has(s.id)))
      errors[`steps.${i}.id`] = 'Not a step of this draft';
    if (s.id !== undefined) seen.add(s.id);
  });
  const first = Object.values(errors)[0];
  if (first) throw new AppError('VALIDATION', first, errors);
}

/** PUT /api/v1/assembly-revisions/:id: the draft's lines and steps, whole. A released revision answers 409. */
export async function saveRevision(tenant: TTenant, id: string, input: TRevisionSave): Promise<TRevision> {
  return tenant.run(async (tx) => {
    await repo.lockBoms(tx, tenant.companyId);
    const revision = await repo.lockRevision(tx, tenant.companyId, id);
    if (!revision) throw new AppError('NOT_FOUND', BUILD_MESSAGES.revisionNotFound);
    if (revision.status === 'released')
      throw new AppError('CONFLICT', BUILD_MESSAGES.released(revision.number));
    const assembly = await repo.findAssembly(tx, tenant.companyId, revision.assemblyId);
    if (!assembly) throw new AppError('NOT_FOUND', BUILD_MESSAGES.assemblyNotFound);
    const before = await revisionOf(tx, tenant.companyId, revision);
    checkSteps(input, new Set(before.steps.map((s) => s.id)));
    const partNumbers = await checkComponents(tx, tenant.companyId, assembly.item.id, input);

    // A kept step keeps what it was copied from (decision 044: links to it can follow).
    const basedOn = new Map(
      (await repo.stepsOf(tx, tenant.companyId, id)).map((s) => [s.id, s.basedOnStepId]),
    );
    await repo.clearRevision(tx, tenant.companyId, id);
    const stepIds = input.steps.map((s) => s.id ?? uuidv7());
    await repo.insertSteps(
      tx,
      input.steps.map((s, i) => ({
        id: stepIds[i] as string,
        companyId: tenant.companyId,
        revisionId: id,
        position: i + 1,
        title: s.title,
        instructions: s.instructions,
        setupMinutes: normalizeDecimal(s.setupMinutes, 3),
        runMinutes: normalizeDecimal(s.runMinutes, 3),
        basedOnStepId: s.id ? (basedOn.get(s.id) ?? null) : null,
      })),
    );
    await repo.insertLines(
      tx,
      input.lines.map((l, i) => ({
        id: uuidv7(),
        companyId: tenant.companyId,
        revisionId: id,
        position: i + 1,
        componentItemId: l.componentItemId,
        quantity: normalizeDecimal(l.quantity),
        scrapPercent: normalizeDecimal(l.scrapPercent, 3),
        notes: l.notes,
        stepId: l.step === null ? null : (stepIds[l.step - 1] ?? null),
      })),
    );
    await recordAudit(tx, tenant.companyId, tenant.actor, {
      entityType: 'assembly',
      entityId: assembly.assembly.id,
      entityLabel: assembly.item.partNumber,
      action: 'updated',
      before: {
        revision: revision.number,
        lines: before.lines.map((l) => lineText(l.component.partNumber, l)),
        steps: before.steps.map((s) => s.title),
      },
      after: {
        revision: revision.number,
        lines: input.lines.map((l) => lineText(partNumbers.get(l.componentItemId) ?? '', l)),
        steps: input.steps.map((s) => s.title),
      },
    });
    return revisionOf(tx, tenant.companyId, revision);
  });
}
