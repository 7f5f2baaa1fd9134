// Label formats: everyone in the company reads them, admins change them. A company that has none is given a
// default from its label configuration the first time its formats are read (docs/decisions/027).
import { v7 as uuidv7 } from 'uuid';
import { AppError } from '#common/errors.ts';
import { DEFAULT_LABEL_CONFIG } from '#common/label-config.ts';
import {
  LABEL_FORMAT_MESSAGES,
  LABEL_SIZE_LIMITS,
  type TLabelFormat,
  type TLabelFormatInput,
  type TLabelFormatListQuery,
  type TLabelFormatPage,
  type TLabelFormatPatch,
  ZLabelFormatInputSchema,
} from '#common/schemas/labels.ts';
import type { TDb } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { TTenant } from '../../db/tenant.ts';
import { changedFields, recordAudit, systemActor } from '../audit/audit.ts';
import { findLabelConfig } from '../companies/companies.repo.ts';
import * as repo from './formats.repo.ts';

const nameTaken = () =>
  new AppError('CONFLICT', LABEL_FORMAT_MESSAGES.nameTaken, { name: LABEL_FORMAT_MESSAGES.nameTaken });
const notFound = () => new AppError('NOT_FOUND', LABEL_FORMAT_MESSAGES.notFound);

/** The format a company starts with: its configured label size, a QR code, part number and name. */
function defaultFormatInput(width: number, height: number): TLabelFormatInput {
  const clamp = (v: number) =>
    Math.min(Number(LABEL_SIZE_LIMITS.in.max), Math.max(Number(LABEL_SIZE_LIMITS.in.min), v));
  const w = String(Number(clamp(width).toFixed(3)));
  const h = String(Number(clamp(height).toFixed(3)));
  return ZLabelFormatInputSchema.parse({
    name: `Default ${w} x ${h} in, QR`,
    width: w,
    height: h,
    unit: 'in',
    symbology: 'qr',
    fields: ['partNumber', 'name', 'lot', 'quantity'],
  });
}

/** GET /api/v1/label-formats: a page of formats by name; the default is made first when the company has none. */
export async function listFormats(tenant: TTenant, query: TLabelFormatListQuery): Promise<TLabelFormatPage> {
  const { companyId } = tenant;
  return tenant.run(async (tx) => {
    if ((await repo.countFormats(tx, companyId)) === 0) {
      const config = (await findLabelConfig(tx, companyId)) ?? DEFAULT_LABEL_CONFIG;
      const input = defaultFormatInput(config.width, config.height);
      const id = uuidv7();
      // Two first visits at once: the second insert meets the name index and makes nothing.
      const made = await repo.insertFormat(tx, { id, companyId, ...input }, true);
      if (made) {
        await recordAudit(tx, companyId, systemActor('Default label format'), {
          entityType: 'label-format',
          entityId: id,
          entityLabel: made.name,
          action: 'created',
          after: { ...input },
        });
      }
    }
    const found = await repo.listFormats(tx, companyId, {
      limit: query.pageSize,
      offset: (query.page - 1) * query.pageSize,
    });
    return {
      items: found.rows.map(repo.toLabelFormat),
      total: found.total,
      page: query.page,
      pageSize: query.pageSize,
    };
  });
}

/** The format to print with, or a 400 naming `formatId` (another company's id is simply not found). */
export async function formatForPrint(tx: TDb, companyId: string, id: string): Promise<TLabelFormat> {
  const row = await repo.findFormat(tx, companyId, id);
  if (!row)
    throw new AppError('BAD_REQUEST', LABEL_FORMAT_MESSAGES.notFound, {
      formatId: LABEL_FORMAT_MESSAGES.notFound,
    });
  return repo.toLabelFormat(row);
}

export async function createFormat(tenant: TTenant, input: TLabelFormatInput): Promise<TLabelFormat> {
  const { companyId, actor } = tenant;
  try {
    return await tenant.run(async (tx) => {
      const id = uuidv7();
      const row = (await repo.insertFormat(tx, { id, companyId, ...input }))!;
      await recordAudit(tx, companyId, actor, {
        entityType: 'label-format',
        entityId: id,
        entityLabel: row.name,
        action: 'created',
        after: { ...input },
      });
      return repo.toLabelFormat(row);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

export async function updateFormat(
  tenant: TTenant,
  id: string,
  patch: TLabelFormatPatch,
): Promise<TLabelFormat> {
  const { companyId, actor } = tenant;
  try {
    return await tenant.run(async (tx) => {
      const beforeRow = await repo.findFormat(tx, companyId, id);
      if (!beforeRow) throw notFound();
      const before = repo.toLabelFormat(beforeRow);
      // The size bounds depend on the unit: check the result, not the patch alone.
      const merged = ZLabelFormatInputSchema.safeParse({ ...before, ...patch });
      if (!merged.success) {
        const fieldErrors: Record<string, string> = {};
        for (const issue of merged.error.issues) fieldErrors[issue.path.join('.')] ??= issue.message;
        throw new AppError('VALIDATION', 'Some fields need attention', fieldErrors);
      }
      const after = repo.toLabelFormat(await repo.updateFormat(tx, companyId, id, patch));
      const { updatedAt: _b, id: _bi, ...b } = before;
      const { updatedAt: _a, id: _ai, ...a } = after;
      const diff = changedFields(b, a);
      if (Object.keys(diff.after).length > 0) {
        await recordAudit(tx, companyId, actor, {
          entityType: 'label-format',
          entityId: id,
          entityLabel: after.name,
          action: 'updated',
          ...diff,
        });
      }
      return after;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

/** Deletes a format; the company's last one stays (printing always has a format to use). */
export async function deleteFormat(tenant: TTenant, id: string): Promise<void> {
  const { companyId, actor } = tenant;
  await tenant.run(async (tx) => {
    const row = await repo.findFormat(tx, companyId, id);
    if (!row) throw notFound();
    if ((await repo.countFormats(tx, companyId)) <= 1)
      throw new AppError('CONFLICT', LABEL_FORMAT_MESSAGES.lastFormat);
    await repo.deleteFormat(tx, companyId, id);
    await recordAudit(tx, companyId, actor, {
      entityType: 'label-format',
      entityId: id,
      entityLabel: row.name,
      action: 'deleted',
      before: { ...repo.toLabelFormat(row), id: undefined, updatedAt: undefined },
    });
  });
}
