// The location tree's rules: a site at the top, each child a smaller kind than its parent (site > area > shelf >
// bin), codes unique per company, the stored path and full code kept right when a code changes.
import { v7 as uuidv7 } from 'uuid';
import { AppError } from '#common/errors.ts';
import {
  LOCATION_KINDS,
  LOCATION_MESSAGES,
  type TLocation,
  type TLocationInput,
  type TLocationListQuery,
  type TLocationPage,
  type TLocationPatch,
} from '#common/schemas/inventory-setup.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { TTenant } from '../../db/tenant.ts';
import { changedFields, recordAudit } from '../audit/audit.ts';
import * as repo from './locations.repo.ts';

const codeTaken = () =>
  new AppError('CONFLICT', LOCATION_MESSAGES.codeTaken, { code: LOCATION_MESSAGES.codeTaken });
const notFound = () => new AppError('NOT_FOUND', LOCATION_MESSAGES.notFound);

export async function listLocations(tenant: TTenant, query: TLocationListQuery): Promise<TLocationPage> {
  return tenant.run(async (tx) => {
    const under = query.under ? await repo.findLocation(tx, tenant.companyId, query.under) : null;
    if (query.under && !under) throw notFound();
    const found = await repo.listLocations(tx, tenant.companyId, query, under);
    return { ...found, page: query.page, pageSize: query.pageSize };
  });
}

export async function getLocation(tenant: TTenant, id: string): Promise<TLocation> {
  return tenant.run(async (tx) => {
    const row = await repo.findLocation(tx, tenant.companyId, id);
    if (!row) throw notFound();
    return repo.toLocation(row, await repo.countChildren(tx, id));
  });
}

export async function createLocation(tenant: TTenant, input: TLocationInput): Promise<TLocation> {
  try {
    return await tenant.run(async (tx) => {
      const parent = input.parentId ? await repo.findLocation(tx, tenant.companyId, input.parentId) : null;
      if (input.parentId && !parent) {
        throw new AppError('BAD_REQUEST', LOCATION_MESSAGES.parentNotFound, {
          parentId: LOCATION_MESSAGES.parentNotFound,
        });
      }
      if (input.kind === 'site' && parent) {
        throw new AppError('BAD_REQUEST', LOCATION_MESSAGES.siteHasNoParent, {
          parentId: LOCATION_MESSAGES.siteHasNoParent,
        });
      }
      if (input.kind !== 'site' && !parent) {
        throw new AppError('BAD_REQUEST', LOCATION_MESSAGES.needsParent, {
          parentId: LOCATION_MESSAGES.needsParent,
        });
      }
      if (
        parent &&
        LOCATION_KINDS.indexOf(input.kind) <= LOCATION_KINDS.indexOf(parent.kind as TLocation['kind'])
      ) {
        throw new AppError('BAD_REQUEST', LOCATION_MESSAGES.kindOrder, { kind: LOCATION_MESSAGES.kindOrder });
      }
      const id = uuidv7();
      const row = await repo.insertLocation(tx, {
        id,
        companyId: tenant.companyId,
        parentId: parent?.id ?? null,
        kind: input.kind,
        code: input.code,
        name: input.name,
        path: `${parent?.path ?? '/'}${id}/`,
        fullCode: parent ? `${parent.fullCode} / ${input.code}` : input.code,
        depth: parent ? parent.depth + 1 : 0,
      });
      await recordAudit(tx, tenant.companyId, tenant.actor, {
        entityType: 'location',
        entityId: id,
        entityLabel: row.fullCode,
        action: 'created',
        after: { kind: row.kind, code: row.code, name: row.name },
      });
      return repo.toLocation(row, 0);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw codeTaken();
    throw error;
  }
}

export async function updateLocation(tenant: TTenant, id: string, patch: TLocationPatch): Promise<TLocation> {
  try {
    return await tenant.run(async (tx) => {
      const before = await repo.findLocation(tx, tenant.companyId, id);
      if (!before) throw notFound();
      const after = await repo.updateLocation(tx, before, patch);
      const diff = changedFields(
        { code: before.code, name: before.name, active: before.active },
        { code: after.code, name: after.name, active: after.active },
      );
      if (Object.keys(diff.after).length > 0) {
        await recordAudit(tx, tenant.companyId, tenant.actor, {
          entityType: 'location',
          entityId: id,
          entityLabel: after.fullCode,
          action: 'updated',
          ...diff,
        });
      }
      return repo.toLocation(after, await repo.countChildren(tx, id));
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw codeTaken();
    throw error;
  }
}
