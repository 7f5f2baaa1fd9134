// The server side of a switched-off area: requests to its routes are refused, whatever the client shows.
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { AppError } from '#common/errors.ts';
import { featureFlagsOf, featureOffMessage, type TFeature } from '#common/label-config.ts';
import type { TDb } from '../db/client.ts';
import { findLabelConfig } from '../modules/companies/companies.repo.ts';
import { authOf } from './auth.ts';

/** Throws FEATURE_DISABLED (403) when the signed-in user's company has switched `feature` off. */
export async function assertFeatureOn(db: TDb, request: FastifyRequest, feature: TFeature): Promise<void> {
  const { companyId } = authOf(request);
  // The session read usually brought the configuration along (decision 030). Otherwise one indexed read by the
  // signed-in user's own company id, as the server: it runs before every request of an area, and a tenant
  // transaction around it (begin, tenant set-up, commit) would triple its round trips for no gain — the id comes
  // from the session, never from the request.
  const config =
    request.labelConfig === undefined ? await findLabelConfig(db, companyId) : request.labelConfig;
  if (!config || !featureFlagsOf(config)[feature])
    throw new AppError('FEATURE_DISABLED', featureOffMessage(feature));
}

/**
 * A preHandler for every route of an area (after requireRole): the flag is read on each request, so switching an
 * area off takes effect at once for every open browser and every API client.
 */
export function requireFeature(db: TDb, feature: TFeature): preHandlerAsyncHookHandler {
  return async (request) => assertFeatureOn(db, request, feature);
}
