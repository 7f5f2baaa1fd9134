// The only ways to register an API route: in the tenant group (a signed-in company user; the route and its services
// get a tenant handle and never the owner connection) or, by name and with a reason, in a system group. Tenancy is
// structure: a route cannot forget it, and server/route-groups.api.test.ts fails on a route registered any other way.
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyPluginAsync,
  FastifyRequest,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '#common/errors.ts';
import type { TFeature } from '#common/label-config.ts';
import { hasRole, type TRole } from '#common/roles.ts';
import type { TDb } from '../db/client.ts';
import { type TTenant, tenantFor } from '../db/tenant.ts';
import { actorOf } from '../modules/audit/audit.ts';
import { appErrorCases, documentErrors, errorCase } from './api-errors.ts';
import { authOf, type TAuthUser } from './auth.ts';

export type { TTenant } from '../db/tenant.ts';

import { assertFeatureOn } from './feature.ts';

/** How a route is reached: the group it was registered in ('ungrouped': neither, which the test refuses for the API). */
export type TRouteAccess = 'tenant' | 'system' | 'ungrouped';

/** A Fastify instance whose routes take zod schemas. */
export type TZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the tenant group before the handler runs; null elsewhere. */
    tenant: TTenant | null;
  }
  interface FastifyContextConfig {
    /** The least role a route of a group needs, when stricter than the group's. */
    role?: TRole;
  }
  interface FastifyInstance {
    /** Every route's group by "METHOD url", as registered (read by the route-groups test). */
    routeAccess: Map<string, { access: TRouteAccess; why?: string }>;
  }
}

/** Decorates the root app with the route register the groups fill in; call once, before any route. */
export function trackRouteAccess(app: FastifyInstance): void {
  app.decorate('routeAccess', new Map());
  recordAccess(app, 'ungrouped'); // runs first for every route; a group's own hook then says which group it is
  documentErrors(app, appErrorCases); // the statuses any API route can answer; each group adds its hook's own
}

function recordAccess(scope: FastifyInstance, access: TRouteAccess, why?: string): void {
  scope.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      // A HEAD beside a GET (Fastify adds one to every GET; static files register theirs first) goes with its GET. A
      // HEAD route of its own (the API docs' /api/docs/) counts.
      if (method === 'HEAD' && scope.routeAccess.has(`GET ${route.url}`)) continue;
      if (method === 'GET') scope.routeAccess.delete(`HEAD ${route.url}`);
      scope.routeAccess.set(`${method} ${route.url}`, why === undefined ? { access } : { access, why });
    }
  });
}

async function assertRole(request: FastifyRequest, least: TRole): Promise<TAuthUser> {
  const auth = authOf(request);
  if (!hasRole(auth.role, least)) throw new AppError('FORBIDDEN', 'You do not have permission to do this.');
  return auth;
}

/** Where a tenant group's routes stand: the least role (a route's `config.role` may ask more) and the area. */
export interface TTenantGroupOptions {
  /** Default 'user'. */
  role?: TRole;
  /** The area that must be switched on for the company (checked on every request). */
  feature?: TFeature;
}

/**
 * Registers `routes` behind sign-in: each request is refused unless a signed-in company user with the role (and,
 * with `feature`, the area switched on) sends it; the handler reads `tenantOf(request)`.
 */
export function tenantRoutes(
  options: TTenantGroupOptions,
  routes: (r: TZodApp) => void | Promise<void>,
): FastifyPluginAsync {
  return async (scope) => {
    recordAccess(scope, 'tenant');
    documentErrors(scope, () => [
      errorCase('UNAUTHENTICATED'),
      errorCase('FORBIDDEN'),
      ...(options.feature ? [errorCase('FEATURE_DISABLED')] : []),
    ]);
    const db = scope.database.db;
    scope.decorateRequest('tenant', null);
    // Before validation: a signed-out or unentitled request learns nothing of the route's schema.
    scope.addHook('preValidation', async (request) => {
      const auth = await assertRole(request, request.routeOptions.config.role ?? options.role ?? 'user');
      if (options.feature) await assertFeatureOn(db, request, options.feature);
      request.tenant = tenantFor(db, auth, actorOf(auth));
    });
    await routes(scope.withTypeProvider<ZodTypeProvider>() as unknown as TZodApp);
  };
}

/** The tenant of a request in the tenant group. */
export function tenantOf(request: FastifyRequest): TTenant {
  if (!request.tenant) throw new Error('tenantOf: this route is not registered in the tenant group');
  return request.tenant;
}

/** Where a system group's routes stand and why they need the owner connection. */
export interface TSystemGroupOptions {
  /** Why these routes cannot be tenant routes (before sign-in, across companies, better-auth's own tables). */
  why: string;
  /** The least role, when the routes need a signed-in user (a route's `config.role` may ask more). */
  role?: TRole;
}

/**
 * Registers routes that work as the server itself, with the owner connection: sign-up and sign-in (no tenant yet),
 * accounts (better-auth's tables are closed to the tenant role), the sysadmins' cross-company view, health. Each
 * group says why; the route-groups test names every such route, so a new one is a deliberate choice.
 */
export function systemRoutes(
  options: TSystemGroupOptions,
  routes: (r: TZodApp, owner: TDb) => void | Promise<void>,
): FastifyPluginAsync {
  return async (scope) => {
    recordAccess(scope, 'system', options.why);
    const least = options.role;
    if (least) {
      documentErrors(scope, () => [errorCase('UNAUTHENTICATED'), errorCase('FORBIDDEN')]);
      scope.addHook('preValidation', async (request) => {
        await assertRole(request, request.routeOptions.config.role ?? least);
      });
    }
    await routes(scope.withTypeProvider<ZodTypeProvider>() as unknown as TZodApp, scope.database.db);
  };
}
