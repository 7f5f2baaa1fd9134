// Kiosks as admins manage them (decision 083): set up the device the admin is using (its key is answered once, for
// that device to keep), list them with when each was last used, and revoke one — from then on its key moves no clock.
// Audited as entity 'kiosk'.
import { v7 as uuidv7 } from 'uuid';
import { AppError } from '#common/errors.ts';
import {
  KIOSK_MESSAGES as M,
  type TKiosk,
  type TKioskCreate,
  type TKioskCreated,
  type TKioskListQuery,
  type TKioskPage,
} from '#common/schemas/kiosks.ts';
import { iso, isoOrNull } from '../../db/instants.ts';
import type { TTenant } from '../../db/tenant.ts';
import { recordAudit } from '../audit/audit.ts';
import { digest, newKioskSecret } from './kiosk-secrets.ts';
import * as repo from './kiosks.repo.ts';

function toKiosk(row: repo.TKioskRow): TKiosk {
  return {
    id: row.id,
    name: row.name,
    createdAt: iso(row.createdAt),
    createdBy: row.createdBy,
    lastUsedAt: isoOrNull(row.lastUsedAt),
    revokedAt: isoOrNull(row.revokedAt),
    revokedBy: row.revokedBy,
  };
}

export async function createKiosk(tenant: TTenant, input: TKioskCreate, now: Date): Promise<TKioskCreated> {
  const id = uuidv7();
  const secret = newKioskSecret();
  return tenant.run(async (tx) => {
    await repo.insertKiosk(tx, {
      id,
      companyId: tenant.companyId,
      name: input.name,
      secretHash: digest(secret),
      createdAt: now,
      createdBy: tenant.actor.name,
    });
    await recordAudit(tx, tenant.companyId, tenant.actor, {
      entityType: 'kiosk',
      entityId: id,
      entityLabel: input.name,
      action: 'set-up',
      after: { name: input.name },
    });
    const row = await repo.findKiosk(tx, tenant.companyId, id);
    return { kiosk: toKiosk(row!), key: `${id}.${secret}` };
  });
}

export async function listKiosks(tenant: TTenant, query: TKioskListQuery): Promise<TKioskPage> {
  const { rows, total } = await tenant.run((tx) =>
    repo.listKiosks(tx, tenant.companyId, {
      limit: query.pageSize,
      offset: (query.page - 1) * query.pageSize,
    }),
  );
  return { items: rows.map(toKiosk), total, page: query.page, pageSize: query.pageSize };
}

export async function revokeKiosk(tenant: TTenant, id: string, now: Date): Promise<TKiosk> {
  return tenant.run(async (tx) => {
    const row = await repo.findKiosk(tx, tenant.companyId, id, true);
    if (!row) throw new AppError('NOT_FOUND', M.kioskNotFound, { id: M.kioskNotFound });
    if (row.revokedAt) throw new AppError('CONFLICT', M.alreadyRevoked);
    await repo.revokeKiosk(tx, tenant.companyId, id, now, tenant.actor.name);
    await recordAudit(tx, tenant.companyId, tenant.actor, {
      entityType: 'kiosk',
      entityId: id,
      entityLabel: row.name,
      action: 'revoked',
    });
    return toKiosk((await repo.findKiosk(tx, tenant.companyId, id))!);
  });
}
