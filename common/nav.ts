// The navigation of SPEC.md section 2 as data, and the pure rules that pick what a user sees.
import { featureFlagsOf, type TFeature, type TFeatureFlags, type TLabelConfig } from './label-config.ts';
import { canAccess, type TAccess, type TRole } from './roles.ts';

export const SECTION_IDS = ['build', 'quality', 'inventory', 'time', 'maintenance', 'admin', 'help'] as const;
export type TSectionId = (typeof SECTION_IDS)[number];

/** One link in a section. `to` may carry a query (`/admin?tab=items`). */
export interface TNavPage {
  to: string;
  label: string;
  access: TAccess;
}

/** A section of the bar: shown when its flag is on (if it has one) and the role may see it. */
export interface TNavSection {
  id: TSectionId;
  label: string;
  feature: TFeature | null;
  access: TAccess;
  pages: readonly TNavPage[];
}

const page = (to: string, label: string, access: TAccess = 'signed-in'): TNavPage => ({ to, label, access });

/** SPEC.md's table, in its order: the first page of each section is where choosing the section goes. */
export const NAV_SECTIONS: readonly TNavSection[] = [
  {
    id: 'build',
    label: 'Build',
    feature: 'build',
    access: 'signed-in',
    pages: [
      page('/build/work-order', 'Work Orders'),
      page('/build/create-order', 'Manage Orders'),
      page('/build/production-report', 'Production Report'),
      page('/assembly-setup', 'Assembly Setup', 'admin'),
    ],
  },
  {
    id: 'quality',
    label: 'Quality',
    feature: 'quality',
    access: 'signed-in',
    pages: [
      page('/quality', 'Quality Dashboard'),
      page('/quality/qc-display', 'QC Instructions'),
      page('/quality/item-instructions', 'QC Setup'),
    ],
  },
  {
    id: 'inventory',
    label: 'Inventory',
    feature: 'inventory',
    access: 'signed-in',
    pages: [
      page('/scan', 'Scan Items'),
      page('/labels', 'Tag Items'),
      page('/inventory', 'Inventory'),
      page('/stock-check', 'Stock Check'),
      page('/admin?tab=items', 'SKU Setup', 'admin'),
    ],
  },
  {
    id: 'time',
    label: 'Time',
    feature: 'time',
    access: 'signed-in',
    pages: [
      page('/time', 'Time Tracking'),
      page('/jobs', 'Job Management', 'admin'),
      page('/job-cost-report', 'Job Cost Report', 'admin'),
    ],
  },
  {
    id: 'maintenance',
    label: 'Maintenance',
    feature: 'maintenance',
    access: 'signed-in',
    pages: [
      page('/maintenance/pm-calendar', 'PM Calendar'),
      page('/maintenance/machine-fix', 'Unscheduled Maintenance'),
      page('/maintenance/logs', 'Maintenance Logs'),
      page('/maintenance/planned', 'Maintenance Plans', 'admin'),
      page('/maintenance/machines', 'Machines', 'admin'),
      page('/maintenance/email-settings', 'Email Settings', 'admin'),
    ],
  },
  {
    id: 'admin',
    label: 'Admin',
    feature: null,
    access: 'admin',
    pages: [
      page('/admin?tab=users', 'Users', 'admin'),
      page('/admin?tab=label-config', 'Config', 'admin'),
      page('/admin?tab=label-definitions', 'Label Formats', 'admin'),
      page('/admin/subscription', 'Subscription', 'admin'),
      // Not in SPEC.md's table: the audit trail (PRODUCT.md, Administration) is an admin's screen, and this row is
      // the Admin section's only navigation (the page has no tabs of its own, issue 29).
      page('/admin?tab=audit', 'Audit Trail', 'admin'),
      page('/admin?tab=sso', 'Single sign-on', 'admin'),
      page('/security-dashboard', 'Security Dashboard', 'sysadmin'),
    ],
  },
  {
    id: 'help',
    label: 'Help',
    feature: null,
    access: 'signed-in',
    pages: [page('/help', 'Help & Documentation')],
  },
];

/** The bar a user sees: sections whose flag is on and whose role fits, each with only the pages the role may open. */
export function visibleSections(role: TRole, config: TLabelConfig): TNavSection[] {
  const flags: TFeatureFlags = featureFlagsOf(config);
  return NAV_SECTIONS.filter(
    (s) => (s.feature === null || flags[s.feature]) && canAccess(role, s.access),
  ).map((s) => ({ ...s, pages: s.pages.filter((p) => canAccess(role, p.access)) }));
}

/** Where choosing a section goes: its first page, or null for an empty section ("Coming soon"). */
export function firstPageOf(section: TNavSection): string | null {
  return section.pages[0]?.to ?? null;
}

/**
 * The section a path belongs to by SPEC.md's rule, or null when the rule names none. The rule's words name the
 * admin tabs' section by /admin only; the routes that show those screens on their own (/users, /label-config,
 * /subscription) belong to Admin too, and the item pages (/items) and QR links (/s/) to Inventory, where they were
 * reached from: left out, the bar fell back to its first section (Build) on them.
 */
export function sectionForPath(pathname: string, search = ''): TSectionId | null {
  const segment = pathname.split('/')[1] ?? '';
  switch (segment) {
    case 'help':
      return 'help';
    case 'quality':
      return 'quality';
    case 'security-dashboard':
      return 'admin';
    case 'admin':
      // SKU Setup lives on the admin page but belongs to Inventory.
      return pathname === '/admin' && new URLSearchParams(search).get('tab') === 'items'
        ? 'inventory'
        : 'admin';
    case 'users':
    case 'label-config':
    case 'subscription':
      return 'admin';
    case 'maintenance':
      return 'maintenance';
    case 'time':
    case 'jobs':
    case 'job-cost-report':
      return 'time';
    case 'build':
    case 'orders':
    case 'assembly-setup':
      return 'build';
    case 'scan':
    case 'labels':
    case 'inventory':
    case 'stock-check':
    case 'items':
    case 's': // a QR label's link, /s/<code> (docs/decisions/028): a scan
      return 'inventory';
    default:
      return null;
  }
}

/** The highlighted section: the path's own when the user has it, otherwise the first section available. */
export function currentSection(
  pathname: string,
  search: string,
  sections: readonly TNavSection[],
): TNavSection | null {
  const id = sectionForPath(pathname, search);
  return sections.find((s) => s.id === id) ?? sections[0] ?? null;
}

/** True when a nav link points at the page being shown (path and, where the link has one, its tab). */
export function isActivePage(to: string, pathname: string, search: string): boolean {
  const url = new URL(to, 'http://x');
  if (url.pathname !== pathname) return false;
  const tab = url.searchParams.get('tab');
  return tab === null || new URLSearchParams(search).get('tab') === tab;
}

/** The name the welcome block shows: first and last name when both exist, otherwise the e-mail. */
export function displayName(user: { email: string; firstName: string; lastName: string }): string {
  const first = user.firstName.trim();
  const last = user.lastName.trim();
  return first && last ? `${first} ${last}` : user.email;
}
