// Records consented analytics events, from visitors and signed-in users alike: system work (a visitor has no
// company), written as the server, rate-limited per address.
import { v7 as uuidv7 } from 'uuid';
import { AppError } from '#common/errors.ts';
import type { TAnalyticsEvent } from '#common/schemas/analytics.ts';
import type { TDb } from '../../db/client.ts';
import type { TAuthUser } from '../../plugins/auth.ts';
import { consumeNamedRateLimit } from '../../security/rate-limits.ts';
import * as repo from './analytics.repo.ts';

/** Records an event; a signed-in user's is attributed to their company, a visitor's to none. */
export async function recordEvent(
  db: TDb,
  auth: TAuthUser | null,
  clientAddress: string,
  event: TAnalyticsEvent,
): Promise<void> {
  const limit = await consumeNamedRateLimit(db, 'analyticsPerAddress', clientAddress);
  if (!limit.allowed) {
    throw AppError.rateLimited(
      'Too many events from this address. Try again in a few minutes.',
      limit.retryAfterMs,
    );
  }
  // Query strings can carry tokens (invitations, resets): only the path is kept.
  const path = event.path.split(/[?#]/)[0] ?? '/';
  await repo.insertEvent(db, {
    id: uuidv7(),
    companyId: auth?.companyId ?? null,
    userId: auth?.userId ?? null,
    name: event.name,
    path,
    props: event.props,
  });
}
