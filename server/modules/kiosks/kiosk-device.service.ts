// What a kiosk device does (decision 083). The device is known by its key alone (no session): the key names the kiosk,
// the kiosk its company, and a badge scanned there names whose clock moves — the badge's person, as a plain 'user'
// of that company, with the audit trail saying it was done at this kiosk. A badge of another company, a revoked one
// or garbage is "not recognised" and counts against the kiosk's limit of guesses; a recognised badge gives its
// attempt back. Nothing here signs anybody in.
import { AppError } from '#common/errors.ts';
import { featureFlagsOf } from '#common/label-config.ts';
import {
  KIOSK_MESSAGES as M,
  parseBadgeCode,
  type TKioskAnswer,
  type TKioskSelf,
} from '#common/schemas/kiosks.ts';
import type { TDb } from '../../db/client.ts';
import { type TTenant, tenantFor, withTenant } from '../../db/tenant.ts';
import { consumeRateLimit, refundRateLimit } from '../../security/rate-limit.ts';
import { findLabelConfig } from '../companies/companies.repo.ts';
import { resolveScan } from '../scan/scan.service.ts';
import { clockIn, clockOut, runningClock, switchClock } from '../time/time-clock.service.ts';
import { digest, matchesDigest, parseKioskKey } from './kiosk-secrets.ts';
import * as repo from './kiosks.repo.ts';

const MINUTE = 60_000;
/**
 * Unrecognised badges a kiosk may scan: 10 in 5 minutes, then 15 minutes out. A person fumbling a card never gets
 * near it; a script guessing 120-bit codes gets nowhere faster than about 1,000 a day (docs/security.md).
 */
export const KIOSK_BADGE_LIMIT = { limit: 10, windowMs: 5 * MINUTE, blockMs: 15 * MINUTE } as const;
const limitKey = (kioskId: string) => `kiosk-badge:kiosk:${kioskId}`;

/** The kiosk a device's key names. */
export interface TKioskDevice {
  id: string;
  companyId: string;
  name: string;
  companyName: string;
}

/** The kiosk of `key` (header "x-kiosk-key"), or 401: unknown, wrong secret or revoked all read the same. */
export async function kioskOf(owner: TDb, key: string | undefined): Promise<TKioskDevice> {
  const parsed = parseKioskKey(key);
  const row = parsed ? await repo.findKioskOwner(owner, parsed.id) : null;
  if (!parsed || !row || row.revoked_at !== null || !matchesDigest(parsed.secret, row.secret_hash))
    throw new AppError('UNAUTHENTICATED', M.notAKiosk);
  return { id: row.id, companyId: row.company_id, name: row.name, companyName: row.company_name };
}

export const kioskSelf = (kiosk: TKioskDevice): TKioskSelf => ({
  name: kiosk.name,
  companyName: kiosk.companyName,
});

/** The person of a scanned badge, as a tenant whose actor says "at this kiosk"; refused as the module says. */
async function personOf(owner: TDb, kiosk: TKioskDevice, badgeText: string) {
  const verdict = await consumeRateLimit(owner, { key: limitKey(kiosk.id), ...KIOSK_BADGE_LIMIT });
  if (!verdict.allowed) throw AppError.rateLimited(M.tooManyBadges, verdict.retryAfterMs);
  const code = parseBadgeCode(badgeText);
  const found = await withTenant(owner, kiosk.companyId, async (tx) => {
    const config = await findLabelConfig(tx, kiosk.companyId);
    if (!config || !featureFlagsOf(config).time) throw new AppError('FEATURE_DISABLED', M.timeOff);
    const badge = code ? await repo.findLiveBadge(tx, kiosk.companyId, digest(code)) : null;
    return badge ? repo.findPerson(tx, kiosk.companyId, badge.userId) : null;
  });
  if (!found) throw new AppError('NOT_FOUND', M.badgeNotRecognised, { badge: M.badgeNotRecognised });
  await refundRateLimit(owner, limitKey(kiosk.id));
  if (!found.active) throw new AppError('FORBIDDEN', M.personInactive, { badge: M.personInactive });
  const name = `${found.first_name} ${found.last_name}`.trim() || found.email;
  const tenant: TTenant = tenantFor(
    owner,
    { companyId: kiosk.companyId, userId: found.id, role: 'user' },
    { userId: null, name: `Kiosk “${kiosk.name}” for ${name} <${found.email}>` },
  );
  return { tenant, person: { firstName: found.first_name || name, name } };
}

async function touched(kiosk: TKioskDevice, tenant: TTenant, now: Date) {
  await tenant.run((tx) => repo.touchKiosk(tx, kiosk.companyId, kiosk.id, now));
}

/** POST /api/v1/kiosk/badge: whose badge, and where their clock runs. Moves nothing. */
export async function kioskBadge(owner: TDb, kiosk: TKioskDevice, badge: string): Promise<TKioskAnswer> {
  const { tenant, person } = await personOf(owner, kiosk, badge);
  const { entry } = await runningClock(tenant);
  return { person, entry, moved: 'none' };
}

/**
 * POST /api/v1/kiosk/clock-in: the badge's person onto the job of the scanned label (a job's, or a work order's that
 * belongs to one): clocked in when no clock runs, switched when it runs on another job, left alone on this one.
 */
export async function kioskClockIn(
  owner: TDb,
  kiosk: TKioskDevice,
  body: { badge: string; code: string },
  now: Date,
): Promise<TKioskAnswer> {
  const { tenant, person } = await personOf(owner, kiosk, body.badge);
  const scanned = await resolveScan(tenant, body.code).catch((error: unknown) => {
    if (error instanceof AppError && error.code === 'NOT_FOUND')
      throw new AppError('NOT_FOUND', error.message, { code: error.message });
    throw error;
  });
  if (scanned.kind === 'work-order' && !scanned.job) {
    const message = M.workOrderWithoutJob(scanned.workOrder.numberText);
    throw new AppError('CONFLICT', message, { code: message });
  }
  const job = scanned.kind === 'job' ? scanned.job : scanned.kind === 'work-order' ? scanned.job : null;
  if (!job) throw new AppError('BAD_REQUEST', M.notAJob, { code: M.notAJob });
  const running = (await runningClock(tenant)).entry;
  if (running?.jobId === job.id) return { person, entry: running, moved: 'unchanged' };
  const answer = running
    ? await switchClock(tenant, { jobId: job.id }, now, 'kiosk')
    : await clockIn(tenant, { jobId: job.id }, now, 'kiosk');
  await touched(kiosk, tenant, now);
  return { person, entry: answer.entry, moved: running ? 'switch' : 'in' };
}

/** POST /api/v1/kiosk/clock-out: stops the badge's person's clock (409 when none runs). */
export async function kioskClockOut(
  owner: TDb,
  kiosk: TKioskDevice,
  badge: string,
  now: Date,
): Promise<TKioskAnswer> {
  const { tenant, person } = await personOf(owner, kiosk, badge);
  await clockOut(tenant, now);
  await touched(kiosk, tenant, now);
  return { person, entry: null, moved: 'out' };
}
