// The rules of assembly setup (decision 044): one assembly per item, one draft at a time, a released revision
// frozen (a new draft is copied from it), no loops through sub-assemblies, and every change in the audit trail in
// the transaction that makes it.
import { v7 as uuidv7 } from 'uuid';
import { normalizeDecimal } from '#common/decimal.ts';
import { AppError } from '#common/errors.ts';
import {
  BUILD_MESSAGES,
  type TAssemblyCreate,
  type TAssemblyDetail,
  type TAssemblyListQuery,
  type TAssemblyPage,
  type TRevision,
} from '#common/schemas/build.ts';
import type { TDb } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { iso } from '../../db/instants.ts';
import type { TTenant } from '../../db/tenant.ts';
import { recordAudit } from '../audit/audit.ts';
import { findItemRow } from '../inventory/items.repo.ts';
import { copyStepChecks, unreleasedRequiredPlans } from '../quality/step-checks.repo.ts';
import * as repo from './assemblies.repo.ts';
import { revisionOf } from './revision-view.ts';
import { insertStepFiles, stepFilesOf } from './step-files.repo.ts';

const assemblyNotFound = () => new AppError('NOT_FOUND', BUILD_MESSAGES.assemblyNotFound);

export async function listAssemblies(tenant: TTenant, query: TAssemblyListQuery): Promise<TAssemblyPage> {
  const found = await tenant.run((tx) =>
    repo.listAssemblies(tx, tenant.companyId, query.q, {
      limit: query.pageSize,
      offset: (query.page - 1) * query.pageSize,
    }),
  );
  return {
    items: found.rows.map((r) => ({
      id: r.id,
      itemId: r.item_id,
      partNumber: r.part_number,
      name: r.name,
      releasedNumber: r.released_number === null ? null : Number(r.released_number),
      draftNumber: r.draft_number === null ? null : Number(r.draft_number),
      lineCount: Number(r.line_count),
      createdAt: iso(r.created_at),
    })),
    total: found.total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

async function detailOf(tx: TDb, companyId: string, id: string): Promise<TAssemblyDetail> {
  const found = await repo.findAssembly(tx, companyId, id);
  if (!found) throw assemblyNotFound();
  const revisions = await repo.revisionsOf(tx, companyId, id);
  const numberOf = new Map(revisions.map((r) => [r.revision.id, r.revision.number]));
  const released = revisions.find((r) => r.revision.status === 'released');
  const draft = revisions.find((r) => r.revision.status === 'draft');
  const current = released ?? draft ?? revisions[0];
  if (!current) throw assemblyNotFound();
  return {
    id,
    item: {
      id: found.item.id,
      partNumber: found.item.partNumber,
      name: found.item.name,
      unitOfMeasure: found.item.unitOfMeasure,
      unitCost: normalizeDecimal(found.item.unitCost, 4),
    },
    revisions: revisions.map(({ revision: r, lineCount }) => ({
      id: r.id,
      number: r.number,
      status: r.status as 'draft' | 'released',
      basedOnNumber: r.basedOnId ? (numberOf.get(r.basedOnId) ?? null) : null,
      createdAt: r.createdAt.toISOString(),
      releasedAt: r.releasedAt ? r.releasedAt.toISOString() : null,
      releasedBy: r.releasedBy,
      lineCount: Number(lineCount),
    })),
    currentRevisionId: current.revision.id,
    draftRevisionId: draft ? draft.revision.id : null,
    createdAt: found.assembly.createdAt.toISOString(),
  };
}

export async function getAssembly(tenant: TTenant, id: string): Promise<TAssemblyDetail> {
  return tenant.run((tx) => detailOf(tx, tenant.companyId, id));
}

/** POST /api/v1/assemblies: the item becomes an assembly with an empty draft revision 1. */
export async function createAssembly(tenant: TTenant, input: TAssemblyCreate): Promise<TAssemblyDetail> {
  try {
    return await tenant.run(async (tx) => {
      const item = await findItemRow(tx, tenant.companyId, input.itemId);
      if (!item)
        throw new AppError('NOT_FOUND', BUILD_MESSAGES.itemNotFound, { itemId: BUILD_MESSAGES.itemNotFound });
      if (await repo.findAssemblyByItem(tx, tenant.companyId, item.id)) throw alreadyAssembly();
      const id = uuidv7();
      await repo.insertAssembly(tx, { id, companyId: tenant.companyId, itemId: item.id });
      await repo.insertRevision(tx, { id: uuidv7(), companyId: tenant.companyId, assemblyId: id, number: 1 });
      await recordAudit(tx, tenant.companyId, tenant.actor, {
        entityType: 'assembly',
        entityId: id,
        entityLabel: item.partNumber,
        action: 'created',
        after: { item: `${item.partNumber} ${item.name}`, revision: 1 },
      });
      return detailOf(tx, tenant.companyId, id);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw alreadyAssembly(); // two requests for one item at once
    throw error;
  }
}

const alreadyAssembly = () =>
  new AppError('CONFLICT', BUILD_MESSAGES.alreadyAssembly, { itemId: BUILD_MESSAGES.alreadyAssembly });

export async function getRevision(tenant: TTenant, id: string): Promise<TRevision> {
  return tenant.run(async (tx) => {
    const revision = await repo.findRevision(tx, tenant.companyId, id);
    if (!revision) throw new AppError('NOT_FOUND', BUILD_MESSAGES.revisionNotFound);
    return revisionOf(tx, tenant.companyId, revision);
  });
}

/**
 * POST /api/v1/assemblies/:id/draft: the open draft, or a new one copied from the highest released revision (its
 * lines, steps and the steps' pictures, videos and inspection plans, new ids; each step remembers the one it came from). `created`
 * says which.
 */
export async function openDraft(
  tenant: TTenant,
  assemblyId: string,
): Promise<{ revision: TRevision; created: boolean }> {
  return tenant.run(async (tx) => {
    await repo.lockBoms(tx, tenant.companyId);
    const found = await repo.findAssembly(tx, tenant.companyId, assemblyId);
    if (!found) throw assemblyNotFound();
    const revisions = await repo.revisionsOf(tx, tenant.companyId, assemblyId);
    const draft = revisions.find((r) => r.revision.status === 'draft');
    if (draft) return { revision: await revisionOf(tx, tenant.companyId, draft.revision), created: false };
    const from = revisions.find((r) => r.revision.status === 'released')?.revision;
    if (!from) throw assemblyNotFound();
    const id = uuidv7();
    const number = Math.max(...revisions.map((r) => r.revision.number)) + 1;
    await repo.insertRevision(tx, {
      id,
      companyId: tenant.companyId,
      assemblyId,
      number,
      basedOnId: from.id,
    });
    const steps = await repo.stepsOf(tx, tenant.companyId, from.id);
    const stepIds = new Map(steps.map((s) => [s.id, uuidv7()]));
    await repo.insertSteps(
      tx,
      steps.map((s) => ({ ...s, id: stepIds.get(s.id) as string, revisionId: id, basedOnStepId: s.id })),
    );
    // The pictures and videos go with their steps: new links to the same files (a file is never copied).
    await insertStepFiles(
      tx,
      (await stepFilesOf(tx, tenant.companyId, from.id)).map(({ link }) => ({
        ...link,
        id: uuidv7(),
        revisionId: id,
        stepId: stepIds.get(link.stepId) as string,
      })),
    );
    // The inspection plans go with their steps too (decision 071): the recipe says where the product is inspected.
    await copyStepChecks(tx, tenant.companyId, from.id, id, stepIds, uuidv7);
    const lines = await repo.linesOf(tx, tenant.companyId, from.id);
    await repo.insertLines(
      tx,
      lines.map(({ line }) => ({
        ...line,
        id: uuidv7(),
        revisionId: id,
        stepId: line.stepId ? (stepIds.get(line.stepId) ?? null) : null,
      })),
    );
    await recordAudit(tx, tenant.companyId, tenant.actor, {
      entityType: 'assembly',
      entityId: assemblyId,
      entityLabel: found.item.partNumber,
      action: 'draft-opened',
      after: { revision: number, basedOn: from.number },
    });
    const created = await repo.findRevision(tx, tenant.companyId, id);
    return { revision: await revisionOf(tx, tenant.companyId, created as repo.TRevisionRow), created: true };
  });
}

/** POST /api/v1/assembly-revisions/:id/release: the draft becomes the current revision, frozen from now on. */
export async function releaseRevision(tenant: TTenant, id: string): Promise<TRevision> {
  return tenant.run(async (tx) => {
    const revision = await repo.lockRevision(tx, tenant.companyId, id);
    if (!revision) throw new AppError('NOT_FOUND', BUILD_MESSAGES.revisionNotFound);
    if (revision.status === 'released')
      throw new AppError('CONFLICT', BUILD_MESSAGES.released(revision.number));
    const lines = await repo.linesOf(tx, tenant.companyId, id);
    if (lines.length === 0) throw new AppError('CONFLICT', BUILD_MESSAGES.emptyRelease);
    // A required step plan with nothing released could never be inspected: the floor would refuse the step's finish.
    const unreleased = await unreleasedRequiredPlans(tx, tenant.companyId, id);
    if (unreleased.length > 0)
      throw new AppError(
        'CONFLICT',
        BUILD_MESSAGES.unreleasedStepPlans(
          unreleased.map((u) =>
            BUILD_MESSAGES.unreleasedStepPlan(u.step_position, u.step_title, u.plan_name),
          ),
        ),
      );
    const found = await repo.findAssembly(tx, tenant.companyId, revision.assemblyId);
    await repo.markReleased(tx, tenant.companyId, id, new Date(), tenant.actor.name);
    await recordAudit(tx, tenant.companyId, tenant.actor, {
      entityType: 'assembly',
      entityId: revision.assemblyId,
      entityLabel: found?.item.partNumber ?? '',
      action: 'released',
      before: { revision: revision.number, status: 'draft' },
      after: { revision: revision.number, status: 'released' },
    });
    const after = await repo.findRevision(tx, tenant.companyId, id);
    return revisionOf(tx, tenant.companyId, after as repo.TRevisionRow);
  });
}
