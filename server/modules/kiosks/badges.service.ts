// Badges as admins manage them (decision 083): print a person a new badge — a label whose QR carries a fresh code
// (the previous badge stops working in the same transaction) — see whether they have one (never its code: only how it
// ends), and revoke it. The code exists in the clear only in the printed file. Audited as entity 'badge'.
import { v7 as uuidv7 } from 'uuid';
import { AppError } from '#common/errors.ts';
import { LabelFitError, SHEETS } from '#common/label-layout.ts';
import { KIOSK_MESSAGES as M, type TBadgePrint, type TBadgeState } from '#common/schemas/kiosks.ts';
import { formatInches } from '#common/schemas/labels.ts';
import type { TDb } from '../../db/client.ts';
import type { TTenant } from '../../db/tenant.ts';
import { recordAudit } from '../audit/audit.ts';
import { formatForPrint } from '../labels/formats.service.ts';
import { layoutPrepared, type TPreparedLabel, toWinAnsi } from '../labels/layout.ts';
import { renderPrint, type TPrintFile } from '../labels/print.service.ts';
import { digest, newBadgeCode } from './kiosk-secrets.ts';
import * as repo from './kiosks.repo.ts';

const personName = (p: { first_name: string; last_name: string; email: string }) =>
  `${p.first_name} ${p.last_name}`.trim() || p.email;

async function personOrFail(tx: TDb, companyId: string, userId: string) {
  const person = await repo.findPerson(tx, companyId, userId);
  if (!person) throw new AppError('NOT_FOUND', M.personNotFound, { id: M.personNotFound });
  return person;
}

export async function badgeState(tenant: TTenant, userId: string): Promise<TBadgeState> {
  return tenant.run(async (tx) => {
    await personOrFail(tx, tenant.companyId, userId);
    const live = await repo.liveBadgeOf(tx, tenant.companyId, userId);
    return {
      badge: live
        ? { hint: live.hint, createdAt: live.createdAt.toISOString(), createdBy: live.createdBy }
        : null,
    };
  });
}

/** A new badge for the person, printed: the old one is revoked in the same transaction. */
export async function printBadge(
  tenant: TTenant,
  userId: string,
  input: TBadgePrint,
  now: Date,
): Promise<TPrintFile & { name: string }> {
  const { companyId } = tenant;
  const plan = await tenant.run(async (tx) => {
    const person = await personOrFail(tx, companyId, userId);
    if (!person.active) throw new AppError('CONFLICT', M.personInactive);
    const format = await formatForPrint(tx, companyId, input.formatId);
    const code = newBadgeCode();
    const name = personName(person);
    const label: TPreparedLabel = {
      codeData: code,
      lines: [name, 'Clock badge'].map(toWinAnsi),
      copies: 1,
    };
    // Checked before anything is written: a format too small for the code issues no badge.
    const size =
      input.output === 'roll' || input.output === 'zpl' ? formatInches(format) : SHEETS[input.output];
    try {
      layoutPrepared(
        format,
        label,
        'labelWidthIn' in size ? { width: size.labelWidthIn, height: size.labelHeightIn } : size,
        input.dpi,
      );
    } catch (error) {
      if (error instanceof LabelFitError)
        throw new AppError('BAD_REQUEST', error.message, { formatId: error.message });
      throw error;
    }
    const old = await repo.liveBadgeOf(tx, companyId, userId, true);
    if (old) await repo.revokeBadge(tx, companyId, old.id, now, tenant.actor.name);
    const id = uuidv7();
    const hint = code.slice(-4);
    await repo.insertBadge(tx, {
      id,
      companyId,
      userId,
      codeHash: digest(code),
      hint,
      createdAt: now,
      createdBy: tenant.actor.name,
    });
    await recordAudit(tx, companyId, tenant.actor, {
      entityType: 'badge',
      entityId: id,
      entityLabel: name,
      action: old ? 'replaced' : 'issued',
      before: old ? { hint: old.hint } : null,
      after: { person: name, hint },
    });
    return {
      name,
      request: { ...input, targets: [], everythingIn: null },
      format,
      labels: [label],
      total: 1,
    };
  });
  const file = await renderPrint(plan);
  const slug =
    plan.name
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .toLowerCase() || 'person';
  return { ...file, filename: file.filename.replace(/^labels-[^.]*/, `badge-${slug}`), name: plan.name };
}

export async function revokeBadge(tenant: TTenant, userId: string, now: Date): Promise<TBadgeState> {
  const { companyId } = tenant;
  return tenant.run(async (tx) => {
    const person = await personOrFail(tx, companyId, userId);
    const live = await repo.liveBadgeOf(tx, companyId, userId, true);
    if (!live) throw new AppError('CONFLICT', M.noBadge);
    await repo.revokeBadge(tx, companyId, live.id, now, tenant.actor.name);
    await recordAudit(tx, companyId, tenant.actor, {
      entityType: 'badge',
      entityId: live.id,
      entityLabel: personName(person),
      action: 'revoked',
      before: { hint: live.hint },
    });
    return { badge: null };
  });
}
