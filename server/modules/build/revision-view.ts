// A revision as the contract shows it: its assembly's item, its lines with their components, its steps.
import { normalizeDecimal } from '#common/decimal.ts';
import type { TRevision } from '#common/schemas/build.ts';
import type { TDb } from '../../db/client.ts';
import * as repo from './assemblies.repo.ts';

/** Money as stored ("12.5000") to one spelling ("12.5"). */
const money = (text: string) => normalizeDecimal(text, 4);

export async function revisionOf(tx: TDb, companyId: string, r: repo.TRevisionRow): Promise<TRevision> {
  const found = await repo.findAssembly(tx, companyId, r.assemblyId);
  if (!found) throw new Error(`revision ${r.id} without its assembly`);
  const [lines, steps, revisions] = [
    await repo.linesOf(tx, companyId, r.id),
    await repo.stepsOf(tx, companyId, r.id),
    await repo.revisionsOf(tx, companyId, r.assemblyId),
  ];
  const stepPosition = new Map(steps.map((s, i) => [s.id, i + 1]));
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
    })),
    steps: steps.map((s, i) => ({
      id: s.id,
      position: i + 1,
      title: s.title,
      instructions: s.instructions,
      setupMinutes: normalizeDecimal(s.setupMinutes, 3),
      runMinutes: normalizeDecimal(s.runMinutes, 3),
    })),
  };
}
