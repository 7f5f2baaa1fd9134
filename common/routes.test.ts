// Routes, the protected-page guard, last-route memory and the Back button, against SPEC.md section 2.
import { describe, expect, it } from 'vitest';
import { DEFAULT_LABEL_CONFIG, type TLabelConfig } from './label-config.ts';
import type { TRole } from './roles.ts';
import {
  ALL_ROUTES,
  backTarget,
  DEFAULT_RETURN_ROUTE,
  findRoute,
  guardRoute,
  isRememberedRoute,
  LAST_ROUTE_EXCLUSIONS,
  type TAuthState,
  type TRouteDef,
} from './routes.ts';

// SPEC.md "Public routes".
const PUBLIC = [
  '/',
  '/learn-more',
  '/plans',
  '/privacy-policy',
  '/terms-of-service',
  '/cookie-policy',
  '/reset-password',
  '/verify-expired',
  '/verify-email',
  '/auth/callback',
];
// SPEC.md "Protected routes (sign-in required)".
const PROTECTED = [
  '/help',
  '/inventory',
  '/items',
  '/labels',
  '/label-config',
  '/stock-check',
  '/scan',
  '/build/create-order',
  '/orders',
  '/build/work-order',
  '/build/production-report',
  '/quality',
  '/quality/item-instructions',
  '/quality/qc-display',
  '/time',
  '/jobs',
  '/subscription',
  '/maintenance/pm-calendar',
  '/maintenance/machine-fix',
  '/maintenance/logs',
];
// SPEC.md "Admin-only routes".
const ADMIN_ONLY = [
  '/assembly-setup',
  '/admin',
  '/admin/subscription',
  '/users',
  '/job-cost-report',
  '/maintenance/machines',
  '/maintenance/planned',
  '/maintenance/email-settings',
];
// SPEC.md "System-admin-only route".
const SYSADMIN_ONLY = ['/security-dashboard'];

// SPEC.md "Last-route memory": stored for every route except these.
const NOT_REMEMBERED = [
  '/',
  '/plans',
  '/learn-more',
  '/privacy-policy',
  '/terms-of-service',
  '/cookie-policy',
  '/reset-password',
];

const ROLES: TRole[] = ['user', 'admin', 'sysadmin'];

/** Every area on, so the guard's verdict turns on sign-in and role alone. */
const ALL_ON: TLabelConfig = { ...DEFAULT_LABEL_CONFIG, enableMaintenanceFeature: true };

const signedIn = (role: TRole, companyId: string | null = 'c0mpany', config = ALL_ON): TAuthState => ({
  status: 'signed-in',
  role,
  companyId,
  config,
});

function route(path: string): TRouteDef {
  const found = findRoute(path);
  if (!found) throw new Error(`SPEC.md route ${path} is unknown to the app`);
  return found;
}

describe('route table', () => {
  it('knows exactly the routes SPEC.md lists', () => {
    const spec = [...PUBLIC, ...PROTECTED, ...ADMIN_ONLY, ...SYSADMIN_ONLY];
    expect(ALL_ROUTES.map((r) => r.path).sort()).toEqual([...spec].sort());
  });

  it('treats any other path as unknown (the 404 page), ignoring a trailing slash on known ones', () => {
    expect(findRoute('/no-such-page')).toBeNull();
    expect(findRoute('/admin/users')).toBeNull();
    expect(findRoute('/help/')?.path).toBe('/help');
  });
});

describe('protected-page guard', () => {
  const guarded = [...PROTECTED, ...ADMIN_ONLY, ...SYSADMIN_ONLY];

  it.each(guarded)('%s shows "Loading..." while authentication resolves', (path) => {
    expect(guardRoute(route(path), { status: 'loading' })).toEqual({ kind: 'loading' });
  });

  it.each(guarded)('%s sends a signed-out visitor to /?login=true', (path) => {
    expect(guardRoute(route(path), { status: 'signed-out' })).toEqual({
      kind: 'redirect',
      to: '/?login=true',
    });
  });

  it.each(guarded)('%s sends a user without a company to /?login=true, whatever the role', (path) => {
    for (const role of ROLES) {
      expect(guardRoute(route(path), signedIn(role, null))).toEqual({ kind: 'redirect', to: '/?login=true' });
      expect(guardRoute(route(path), signedIn(role, ''))).toEqual({ kind: 'redirect', to: '/?login=true' });
    }
  });

  it.each(PROTECTED)('%s opens for user, admin and sysadmin', (path) => {
    for (const role of ROLES) expect(guardRoute(route(path), signedIn(role))).toEqual({ kind: 'allow' });
  });

  it.each(ADMIN_ONLY)('%s sends a user to /scan and opens for admin and sysadmin', (path) => {
    expect(guardRoute(route(path), signedIn('user'))).toEqual({ kind: 'redirect', to: '/scan' });
    expect(guardRoute(route(path), signedIn('admin'))).toEqual({ kind: 'allow' });
    expect(guardRoute(route(path), signedIn('sysadmin'))).toEqual({ kind: 'allow' });
  });

  it.each(SYSADMIN_ONLY)('%s sends user and admin to /scan and opens for sysadmin', (path) => {
    expect(guardRoute(route(path), signedIn('user'))).toEqual({ kind: 'redirect', to: '/scan' });
    expect(guardRoute(route(path), signedIn('admin'))).toEqual({ kind: 'redirect', to: '/scan' });
    expect(guardRoute(route(path), signedIn('sysadmin'))).toEqual({ kind: 'allow' });
  });

  it.each(PUBLIC)('%s needs no sign-in', (path) => {
    for (const auth of [
      { status: 'loading' },
      { status: 'signed-out' },
      signedIn('user', null),
    ] as TAuthState[]) {
      expect(guardRoute(route(path), auth)).toEqual({ kind: 'allow' });
    }
  });

  it('lets any signed-in user open /jobs although only admins get the link (SPEC.md gives both readings)', () => {
    expect(guardRoute(route('/jobs'), signedIn('user'))).toEqual({ kind: 'allow' });
  });

  it('does not show a page of an area the company switched off', () => {
    const auth = signedIn('admin', 'c0mpany', { ...ALL_ON, enableQualityFeature: false });
    expect(guardRoute(route('/quality'), auth)).toEqual({ kind: 'feature-off', feature: 'quality' });
    expect(guardRoute(route('/scan'), auth)).toEqual({ kind: 'allow' });
  });
});

describe('last-route memory', () => {
  it('excludes exactly the routes SPEC.md lists', () => {
    expect([...LAST_ROUTE_EXCLUSIONS].sort()).toEqual([...NOT_REMEMBERED].sort());
  });

  it.each(NOT_REMEMBERED)('does not remember %s', (path) => {
    expect(isRememberedRoute(path)).toBe(false);
  });

  it.each([...PROTECTED, ...ADMIN_ONLY, ...SYSADMIN_ONLY])('remembers %s', (path) => {
    expect(isRememberedRoute(path)).toBe(true);
  });

  // docs/decisions/005: a signed-in user returned to a verification page would be stranded there.
  it('does not remember the auth-flow pages either, a documented departure from SPEC.md', () => {
    expect(['/verify-email', '/verify-expired', '/auth/callback'].map(isRememberedRoute)).toEqual([
      false,
      false,
      false,
    ]);
  });

  it('does not remember a path that is no route', () => {
    expect(isRememberedRoute('/no-such-page')).toBe(false);
  });

  it("remembers a QR label's link, so that signing in from it comes back to it", () => {
    expect(isRememberedRoute('/s/FBI7K3M9Q2X')).toBe(true);
    expect(isRememberedRoute('/s/')).toBe(false);
    expect(isRememberedRoute('/s/a/b')).toBe(false);
  });

  it('returns to /help when nothing is stored', () => {
    expect(DEFAULT_RETURN_ROUTE).toBe('/help');
  });
});

describe('Back button', () => {
  it('goes to / from /plans', () => {
    expect(backTarget('/plans')).toEqual({ kind: 'path', to: '/' });
  });

  it.each(['/learn-more', '/privacy-policy', '/reset-password', '/help', '/no-such-page'])(
    'goes one step back in history from %s',
    (path) => {
      expect(backTarget(path)).toEqual({ kind: 'history' });
    },
  );
});
