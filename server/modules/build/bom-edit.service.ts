// Saving a draft revision: its lines replaced whole, its steps kept in place, added or removed, with their pictures
// and videos, after every component is checked to be the company's own item and to make no loop through
// sub-assemblies, and every file to be the company's own (decisions 044, 046). One transaction, one audit entry.
// A line saved without its consumption mode gets the editor's default (decision 064): scanned for a part whose lot
// must be named, backflushed for the rest.
import { v7 as uuidv7 } from 'uuid';
import { normalizeDecimal } from '#common/decimal.ts';
import { AppError } from '#common/errors.ts';
import {
  BUILD_MESSAGES,
  type TConsumptionMode,
  type TRevision,
  type TRevisionSave,
} from '#common/schemas/build.ts';
import type { TDb } from '../../db/client.ts';
import type { TTenant } from '../../db/tenant.ts';
import { recordAudit } from '../audit/audit.ts';
import { filesAmong } from '../files/files.repo.ts';
import { deleteStepChecksExcept } from '../quality/step-checks.repo.ts';
import * as repo from './assemblies.repo.ts';
import { findLoop } from './bom-graph.ts';
import { revisionOf } from './revision-view.ts';
import * as stepFiles from './step-files.repo.ts';

/** A line as the trail writes it: "PN × 2 (+5 % scrap) at step 1, backflushed". */
function lineText(
  partNumber: string,
  l: { quantity: string; scrapPercent: string; step: number | null; consumption: TConsumptionMode },
) {
  const scrap =
    normalizeDecimal(l.scrapPercent, 3) === '0' ? '' : ` (+${normalizeDecimal(l.scrapPercent, 3)} % scrap)`;
  const mode = l.consumption === 'backflush' ? ', backflushed' : '';
  return `${partNumber} × ${normalizeDecimal(l.quantity)}${scrap}${l.step ? ` at step ${l.step}` : ''}${mode}`;
}

/** A component's default consumption: a part whose lot must be named is scanned; the rest is backflushed. */
export const defaultConsumption = (lotTracked: boolean): TConsumptionMode =>
  lotTracked ? 'scan' : 'backflush';

/**
 * Refuses components that are not the company's items (404, naming the line) and lines that close a loop; answers
 * the components found by id.
 */
async function checkComponents(
  tx: TDb,
  companyId: string,
  assemblyItemId: string,
  input: TRevisionSave,
): Promise<Map<string, { part_number: string; lot_tracked: boolean }>> {
  const ids = [...new Set(input.lines.map((l) => l.componentItemId))];
  const found = new Map((await repo.itemsAmong(tx, companyId, ids)).map((r) => [r.id, r]));
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

/** A step as the trail writes it: its title, and the machine it runs on ("Drill (on PR-4)"). */
const stepText = (s: { title: string; machine: { assetTag: string } | null }) =>
  s.machine ? `${s.title} (on ${s.machine.assetTag})` : s.title;

/** A picture or video as the trail writes it: "step 2: drill.webm (Hold the drill level)". */
function pictureText(step: number, f: { name: string; caption: string }) {
  return `step ${step}: ${f.name}${f.caption ? ` (${f.caption})` : ''}`;
}

/** Refuses a step file that is not one of the company's files (404 naming it: another company's id is no file). */
async function checkFiles(tx: TDb, companyId: string, input: TRevisionSave): Promise<void> {
  const named = input.steps.flatMap((s) => (s.files ?? []).map((f) => f.fileId));
  const found = new Set((await filesAmong(tx, companyId, [...new Set(named)])).map((f) => f.id));
  const errors: Record<string, string> = {};
  input.steps.forEach((s, i) => {
    (s.files ?? []).forEach((f, j) => {
      if (!found.has(f.fileId)) errors[`steps.${i}.files.${j}.fileId`] = BUILD_MESSAGES.fileNotFound;
    });
  });
  if (Object.keys(errors).length > 0) throw new AppError('NOT_FOUND', BUILD_MESSAGES.fileNotFound, errors);
}

/** Refuses a step's machine that is not one of the company's (404 naming it: another company's id is no machine). */
async function checkMachines(tx: TDb, companyId: string, input: TRevisionSave): Promise<void> {
  const named = [...new Set(input.steps.flatMap((s) => (s.machineId ? [s.machineId] : [])))];
  const found = new Set((await repo.machinesAmong(tx, companyId, named)).map((m) => m.id));
  const errors: Record<string, string> = {};
  input.steps.forEach((s, i) => {
    if (s.machineId && !found.has(s.machineId))
      errors[`steps.${i}.machineId`] = BUILD_MESSAGES.machineNotFound;
  });
  if (Object.keys(errors).length > 0) throw new AppError('NOT_FOUND', BUILD_MESSAGES.machineNotFound, errors);
}

/** Sets the files of every step that names them (replacing its own); a kept step that names none keeps its own. */
async function writeStepFiles(
  tx: TDb,
  companyId: string,
  revisionId: string,
  input: TRevisionSave,
  stepIds: string[],
): Promise<void> {
  const named = input.steps.flatMap((s, i) =>
    s.files ? [{ stepId: stepIds[i] as string, files: s.files }] : [],
  );
  await stepFiles.deleteStepFiles(
    tx,
    companyId,
    named.map((n) => n.stepId),
  );
  await stepFiles.insertStepFiles(
    tx,
    named.flatMap((n) =>
      n.files.map((f, j) => ({
        id: uuidv7(),
        companyId,
        revisionId,
        stepId: n.stepId,
        fileId: f.fileId,
        position: j + 1,
        caption: f.caption,
      })),
    ),
  );
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
    const components = await checkComponents(tx, tenant.companyId, assembly.item.id, input);
    const lines = input.lines.map((l) => ({
      ...l,
      partNumber: components.get(l.componentItemId)?.part_number ?? '',
      consumption: l.consumption ?? defaultConsumption(!!components.get(l.componentItemId)?.lot_tracked),
    }));
    await checkFiles(tx, tenant.companyId, input);
    await checkMachines(tx, tenant.companyId, input);

    // Kept steps are changed in place and keep their ids, so what links to them (pictures and videos, and later QC
    // checks) stays; the steps left out are deleted with their links (decision 044's notes).
    await stepFiles.deleteLines(tx, tenant.companyId, id);
    const kept = input.steps.flatMap((s) => (s.id ? [s.id] : []));
    await deleteStepChecksExcept(tx, tenant.companyId, id, kept); // their inspection plans' links (no cascade)
    await stepFiles.deleteStepsExcept(tx, tenant.companyId, id, kept);
    const stepIds = input.steps.map((s) => s.id ?? uuidv7());
    const fields = (s: TRevisionSave['steps'][number], i: number) => ({
      position: i + 1,
      title: s.title,
      instructions: s.instructions,
      setupMinutes: normalizeDecimal(s.setupMinutes, 3),
      runMinutes: normalizeDecimal(s.runMinutes, 3),
      machineId: s.machineId,
    });
    for (const [i, s] of input.steps.entries()) {
      if (s.id) await stepFiles.updateStep(tx, tenant.companyId, s.id, fields(s, i));
    }
    await repo.insertSteps(
      tx,
      input.steps.flatMap((s, i) =>
        s.id
          ? []
          : [
              {
                id: stepIds[i] as string,
                companyId: tenant.companyId,
                revisionId: id,
                basedOnStepId: null,
                ...fields(s, i),
              },
            ],
      ),
    );
    await writeStepFiles(tx, tenant.companyId, id, input, stepIds);
    await repo.insertLines(
      tx,
      lines.map((l, i) => ({
        id: uuidv7(),
        companyId: tenant.companyId,
        revisionId: id,
        position: i + 1,
        componentItemId: l.componentItemId,
        quantity: normalizeDecimal(l.quantity),
        scrapPercent: normalizeDecimal(l.scrapPercent, 3),
        notes: l.notes,
        stepId: l.step === null ? null : (stepIds[l.step - 1] ?? null),
        consumption: l.consumption,
      })),
    );
    const after = await revisionOf(tx, tenant.companyId, revision);
    await recordAudit(tx, tenant.companyId, tenant.actor, {
      entityType: 'assembly',
      entityId: assembly.assembly.id,
      entityLabel: assembly.item.partNumber,
      action: 'updated',
      before: {
        revision: revision.number,
        lines: before.lines.map((l) => lineText(l.component.partNumber, l)),
        steps: before.steps.map(stepText),
        pictures: before.steps.flatMap((s) => s.files.map((f) => pictureText(s.position, f))),
      },
      after: {
        revision: revision.number,
        lines: lines.map((l) => lineText(l.partNumber, l)),
        steps: after.steps.map(stepText),
        pictures: after.steps.flatMap((s) => s.files.map((f) => pictureText(s.position, f))),
      },
    });
    return after;
  });
}
