// A revision as the contract shows it: its assembly's item, its lines with their components, its steps.
import { normalizeDecimal } from '#common/decimal.ts';
import type { TConsumptionMode, TRevision, TStepFile } from '#common/schemas/build.ts';
import { fileUrl, type TFileType } from '#common/schemas/files.ts';
import type { TDb } from '../../db/client.ts';
import * as repo from './assemblies.repo.ts';
import { stepFilesOf } from './step-files.repo.ts';

/** Money as stored ("12.5000") to one spelling ("12.5"). */
const money = (text: string) => normalizeDecimal(text, 4);

export async function revisionOf(tx: TDb, companyId: string, r: repo.TRevisionRow): Promise<TRevision> {
  const found = await repo.findAssembly(tx, companyId, r.assemblyId);
  if (!found) throw new Error(`revision ${r.id} without its assembly`);
  const [lines, steps, revisions, stepFiles] = [
    await repo.linesOf(tx, companyId, r.id),
    await repo.stepsOf(tx, companyId, r.id),
    await repo.revisionsOf(tx, companyId, r.assemblyId),
    await stepFilesOf(tx, companyId, r.id),
  ];
  const filesOf = new Map<string, TStepFile[]>();
  for (const { link, file } of stepFiles) {
    const list = filesOf.get(link.stepId) ?? [];
    list.push({
      id: file.id,
      name: file.name,
      contentType: file.contentType as TFileType,
      sizeBytes: file.sizeBytes,
      caption: link.caption,
      url: fileUrl(file.id),
    });
    filesOf.set(link.stepId, list);
  }
  const stepPosition = new Map(steps.map((s, i) => [s.id, i + 1]));
  const machineIds = [...new Set(steps.flatMap((s) => (s.machineId ? [s.machineId] : [])))];
  const machineOf = new Map((await repo.machinesAmong(tx, companyId, machineIds)).map((m) => [m.id, m]));
  const basedOn = revisions.find((x) => x.revision.id === r.basedOnId)?.revision.number ?? null;
  return {
    id: r.id,
    assemblyId: r.assemblyId,
    number: r.number,
    status: r.status as 'draft' | 'released',
    basedOnNumber: basedOn,
    createdAt: r.createdAt.toISOString(),
    releasedAt: r.releasedAt ? r.releasedAt.toISOString() : null,
    releasedBy: r.releasedBy,
    lineCount: lines.length,
    item: {
      id: found.item.id,
      partNumber: found.item.partNumber,
      name: found.item.name,
      unitOfMeasure: found.item.unitOfMeasure,
      unitCost: money(found.item.unitCost),
    },
    lines: lines.map(({ line, item, assemblyId }, i) => ({
      id: line.id,
      position: i + 1,
      component: {
        id: item.id,
        partNumber: item.partNumber,
        name: item.name,
        unitOfMeasure: item.unitOfMeasure,
        unitCost: money(item.unitCost),
        assemblyId,
      },
      quantity: normalizeDecimal(line.quantity),
      scrapPercent: normalizeDecimal(line.scrapPercent, 3),
      notes: line.notes,
      step: line.stepId ? (stepPosition.get(line.stepId) ?? null) : null,
      consumption: line.consumption as TConsumptionMode,
    })),
    steps: steps.map((s, i) => ({
      id: s.id,
      position: i + 1,
      title: s.title,
      instructions: s.instructions,
      setupMinutes: normalizeDecimal(s.setupMinutes, 3),
      runMinutes: normalizeDecimal(s.runMinutes, 3),
      files: filesOf.get(s.id) ?? [],
      machine: s.machineId ? (machineOf.get(s.machineId) ?? null) : null,
    })),
  };
}
