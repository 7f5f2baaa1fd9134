// Every route of SPEC.md section 2 with who may open it, and the guard, last-route and Back rules built on it.

import { SCAN_LINK_PATH } from './label-codes.ts';
import type { TFeature, TLabelConfig } from './label-config.ts';
import { featureFlagsOf } from './label-config.ts';
import { canAccess, type TAccess, type TRole } from './roles.ts';

/** A screen of the app: its path, who may open it, the area it belongs to and its title. */
export interface TRouteDef {
  path: string;
  access: TAccess;
  feature: TFeature | null;
  title: string;
}

const r = (path: string, access: TAccess, feature: TFeature | null, title: string): TRouteDef => ({
  path,
  access,
  feature,
  title,
});

/** Public routes: no sign-in needed. */
export const PUBLIC_ROUTES: readonly TRouteDef[] = [
  r('/', 'public', null, 'Forgeboard'),
  r('/learn-more', 'public', null, 'Learn more'),
  r('/plans', 'public', null, 'Plans'),
  r('/privacy-policy', 'public', null, 'Privacy Policy'),
  r('/terms-of-service', 'public', null, 'Terms of Service'),
  r('/cookie-policy', 'public', null, 'Cookie Policy'),
  r('/reset-password', 'public', null, 'Reset Password'),
  r('/verify-expired', 'public', null, 'Verification link expired'),
  r('/verify-email', 'public', null, 'Verify your e-mail'),
  r('/auth/callback', 'public', null, 'Verifying'),
];

/**
 * Routes behind sign-in. /jobs is "protected" in SPEC.md's route table but an admin entry in its nav:
 * any signed-in user may open it (to look up a job), only admins see the link (docs/decisions/004).
 */
export const PROTECTED_ROUTES: readonly TRouteDef[] = [
  r('/help', 'signed-in', null, 'Help & Documentation'),
  r('/inventory', 'signed-in', 'inventory', 'Inventory'),
  r('/items', 'signed-in', 'inventory', 'Items'),
  r('/labels', 'signed-in', 'inventory', 'Tag Items'),
  r('/label-config', 'signed-in', null, 'Label Configuration'),
  r('/stock-check', 'signed-in', 'inventory', 'Stock Check'),
  r('/scan', 'signed-in', 'inventory', 'Scan Items'),
  r('/build/create-order', 'signed-in', 'build', 'Manage Orders'),
  r('/orders', 'signed-in', 'build', 'Manage Orders'),
  r('/build/work-order', 'signed-in', 'build', 'Work Orders'),
  r('/build/production-report', 'signed-in', 'build', 'Production Report'),
  r('/quality', 'signed-in', 'quality', 'Quality Dashboard'),
  r('/quality/item-instructions', 'signed-in', 'quality', 'QC Setup'),
  r('/quality/qc-display', 'signed-in', 'quality', 'QC Instructions'),
  r('/time', 'signed-in', 'time', 'Time Tracking'),
  r('/jobs', 'signed-in', 'time', 'Job Management'),
  r('/subscription', 'signed-in', null, 'Subscription'),
  r('/maintenance/pm-calendar', 'signed-in', 'maintenance', 'PM Calendar'),
  r('/maintenance/machine-fix', 'signed-in', 'maintenance', 'Unscheduled Maintenance'),
  r('/maintenance/logs', 'signed-in', 'maintenance', 'Maintenance Logs'),
  // Admin only.
  r('/assembly-setup', 'admin', 'build', 'Assembly Setup'),
  r('/admin', 'admin', null, 'Administration'),
  r('/admin/subscription', 'admin', null, 'Subscription'),
  r('/users', 'admin', null, 'Users'),
  r('/job-cost-report', 'admin', 'time', 'Job Cost Report'),
  r('/maintenance/machines', 'admin', 'maintenance', 'Machines'),
  r('/maintenance/planned', 'admin', 'maintenance', 'Maintenance Plans'),
  r('/maintenance/email-settings', 'admin', 'maintenance', 'Email Settings'),
  // System admin only.
  r('/security-dashboard', 'sysadmin', null, 'Security Dashboard'),
];

/** The tabs of /admin; `items` is SKU Setup and belongs to the Inventory area. */
export const ADMIN_TABS = [
  { id: 'users', title: 'Users', feature: null },
  { id: 'label-config', title: 'Config', feature: null },
  { id: 'label-definitions', title: 'Label Formats', feature: null },
  { id: 'items', title: 'SKU Setup', feature: 'inventory' },
  // Not in SPEC.md's list: the administration issue's audit trail, shown to admins in the Admin section.
  { id: 'audit', title: 'Audit Trail', feature: null },
  // Issue 32 (decision 086): the company's identity provider and e-mail domains.
  { id: 'sso', title: 'Single sign-on', feature: null },
] as const satisfies readonly { id: string; title: string; feature: TFeature | null }[];
export type TAdminTab = (typeof ADMIN_TABS)[number]['id'];

/** The tabs of /quality (?tab=): the dashboard (decision 074) and the nonconformances (decision 073). */
export const QUALITY_TABS = ['dashboard', 'nonconformances'] as const;
export type TQualityTab = (typeof QUALITY_TABS)[number];

export const ALL_ROUTES: readonly TRouteDef[] = [...PUBLIC_ROUTES, ...PROTECTED_ROUTES];

/** The route a path opens, or null for an unknown path (the 404 page). A trailing slash is ignored. */
export function findRoute(pathname: string): TRouteDef | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return ALL_ROUTES.find((route) => route.path === path) ?? null;
}

/** What the app knows of the visitor while deciding whether a page may show. */
export type TAuthState =
  | { status: 'loading' }
  | { status: 'signed-out' }
  | { status: 'signed-in'; role: TRole; companyId: string | null; config: TLabelConfig };

/** The guard's verdict for one route. */
export type TGuardResult =
  | { kind: 'allow' }
  | { kind: 'loading' }
  | { kind: 'redirect'; to: string }
  | { kind: 'feature-off'; feature: TFeature };

/** Where SPEC.md sends a signed-in user who lacks the role a page asks for. */
export const NO_ACCESS_REDIRECT = '/scan';
/** Where a visitor with no company goes. */
export const SIGN_IN_REDIRECT = '/?login=true';

/** SPEC.md's protected-page behaviour: loading, no company, role checks; then the company's area flags. */
export function guardRoute(
  route: TRouteDef,
  auth: TAuthState,
  feature: TFeature | null = route.feature,
): TGuardResult {
  if (route.access === 'public') return { kind: 'allow' };
  if (auth.status === 'loading') return { kind: 'loading' };
  if (auth.status === 'signed-out' || !auth.companyId) return { kind: 'redirect', to: SIGN_IN_REDIRECT };
  if (!canAccess(auth.role, route.access)) return { kind: 'redirect', to: NO_ACCESS_REDIRECT };
  if (feature !== null && !featureFlagsOf(auth.config)[feature]) return { kind: 'feature-off', feature };
  return { kind: 'allow' };
}

/** The browser storage key of the last visited route. */
export const LAST_ROUTE_KEY = 'lastRoute';
/** Where a returning user goes when no last route is stored. */
export const DEFAULT_RETURN_ROUTE = '/help';

/** SPEC.md's list of routes that are never remembered. */
export const LAST_ROUTE_EXCLUSIONS = [
  '/',
  '/plans',
  '/learn-more',
  '/privacy-policy',
  '/terms-of-service',
  '/cookie-policy',
  '/reset-password',
] as const;

/**
 * The auth-flow pages are not remembered either: returning a signed-in user to a verification page
 * would strand them there (docs/decisions/005). Unknown paths are not routes and are never remembered.
 */
const AUTH_FLOW_PAGES = ['/verify-email', '/verify-expired', '/auth/callback'];

/**
 * A QR label's link, /s/<code> (docs/decisions/028): not a screen of its own but a page of the app that opens the
 * scanned thing; remembered like a screen, so that signing in from a link comes back to it.
 */
export function isScanLinkPath(pathname: string): boolean {
  return pathname.startsWith(SCAN_LINK_PATH) && /^[A-Za-z0-9]+$/.test(pathname.slice(SCAN_LINK_PATH.length));
}

/** Pages of the app outside SPEC.md's route table: the shop's shared kiosk (decision 083), public. */
export const PAGES_OUTSIDE_SPEC: readonly string[] = ['/kiosk'];

/** True when `pathname` is a page of the app (the server answers it 200 with the app; anything else is its 404). */
export function isAppPage(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return findRoute(path) !== null || isScanLinkPath(path) || PAGES_OUTSIDE_SPEC.includes(path);
}

/** True when visiting `pathname` should be stored as the last route. */
export function isRememberedRoute(pathname: string): boolean {
  if (isScanLinkPath(pathname)) return true;
  const route = findRoute(pathname);
  if (!route) return false;
  return (
    !(LAST_ROUTE_EXCLUSIONS as readonly string[]).includes(route.path) &&
    !AUTH_FLOW_PAGES.includes(route.path)
  );
}

/** The Back button: /plans goes home, every other page goes one step back in history. */
export function backTarget(pathname: string): { kind: 'path'; to: string } | { kind: 'history' } {
  return findRoute(pathname)?.path === '/plans' ? { kind: 'path', to: '/' } : { kind: 'history' };
}
