// The current section of SPEC.md section 2 ("derived from the path"), for every signed-in path the router has.
import { describe, expect, it } from 'vitest';
import { SCAN_LINK_PATH } from './label-codes.ts';
import { DEFAULT_LABEL_CONFIG, type TLabelConfig } from './label-config.ts';
import { currentSection, visibleSections } from './nav.ts';
import { ADMIN_TABS, PROTECTED_ROUTES } from './routes.ts';

/** Every area switched on, so that every section exists for an admin. */
const ALL_ON: TLabelConfig = { ...DEFAULT_LABEL_CONFIG, enableMaintenanceFeature: true };

// Written out from SPEC.md's rule; the routes showing an admin tab's screen on their own go with the tab.
const SECTION_OF_PATH: Record<string, string> = {
  '/help': 'Help',
  '/inventory': 'Inventory',
  '/items': 'Inventory',
  '/labels': 'Inventory',
  '/label-config': 'Admin',
  '/stock-check': 'Inventory',
  '/scan': 'Inventory',
  '/build/create-order': 'Build',
  '/orders': 'Build',
  '/build/work-order': 'Build',
  '/build/production-report': 'Build',
  '/quality': 'Quality',
  '/quality/item-instructions': 'Quality',
  '/quality/qc-display': 'Quality',
  '/time': 'Time',
  '/jobs': 'Time',
  '/subscription': 'Admin',
  '/maintenance/pm-calendar': 'Maintenance',
  '/maintenance/machine-fix': 'Maintenance',
  '/maintenance/logs': 'Maintenance',
  '/assembly-setup': 'Build',
  '/admin': 'Admin',
  '/admin/subscription': 'Admin',
  '/users': 'Admin',
  '/job-cost-report': 'Time',
  '/maintenance/machines': 'Maintenance',
  '/maintenance/planned': 'Maintenance',
  '/maintenance/email-settings': 'Maintenance',
  '/security-dashboard': 'Admin',
};

// The /admin tabs: SKU Setup is Inventory's, the others Admin's.
const SECTION_OF_TAB: Record<string, string> = {
  users: 'Admin',
  'label-config': 'Admin',
  'label-definitions': 'Admin',
  items: 'Inventory',
  audit: 'Admin',
  sso: 'Admin',
};

const admin = visibleSections('sysadmin', ALL_ON);

/** The section found for a path when the expected one is listed last, so the fallback (the first) cannot pass. */
function sectionOf(pathname: string, search: string, expected: string): string | undefined {
  const ownLast = [
    ...admin.filter((s) => s.label !== expected),
    ...admin.filter((s) => s.label === expected),
  ];
  return currentSection(pathname, search, ownLast)?.label;
}

describe('current section', () => {
  it('has an expectation for every signed-in route and every /admin tab', () => {
    expect(Object.keys(SECTION_OF_PATH).sort()).toEqual(PROTECTED_ROUTES.map((r) => r.path).sort());
    expect(Object.keys(SECTION_OF_TAB).sort()).toEqual(ADMIN_TABS.map((t) => t.id).sort());
  });

  it.each(Object.entries(SECTION_OF_PATH))('%s is in %s', (path, expected) => {
    expect(sectionOf(path, '', expected)).toBe(expected);
    // A trailing slash or a query other than an /admin tab changes nothing.
    expect(sectionOf(`${path}/`, '?id=1', expected)).toBe(expected);
  });

  it.each(Object.entries(SECTION_OF_TAB))('/admin?tab=%s is in %s', (tab, expected) => {
    expect(sectionOf('/admin', `?tab=${tab}`, expected)).toBe(expected);
  });

  it("is Inventory on a QR label's link", () => {
    expect(sectionOf(`${SCAN_LINK_PATH}AB12CD34`, '', 'Inventory')).toBe('Inventory');
  });

  it('falls to the first available section on a path the rule does not name', () => {
    expect(currentSection('/no-such-page', '', admin)?.label).toBe('Build');
    const withoutBuild = visibleSections('admin', { ...ALL_ON, enableBuildFeature: false });
    expect(currentSection('/no-such-page', '', withoutBuild)?.label).toBe('Quality');
  });

  it('falls to the first available section when the path’s own section is switched off', () => {
    const noQuality = visibleSections('user', { ...ALL_ON, enableQualityFeature: false });
    expect(currentSection('/quality/qc-display', '', noQuality)?.label).toBe('Build');
    const noBuild = visibleSections('user', { ...ALL_ON, enableBuildFeature: false });
    expect(currentSection('/build/work-order', '', noBuild)?.label).toBe('Quality');
  });

  it.each(['/admin', '/subscription', '/label-config'])(
    'falls to the first available section on %s for a plain user, who has no Admin section',
    (path) => {
      expect(currentSection(path, '?tab=users', visibleSections('user', ALL_ON))?.label).toBe('Build');
    },
  );

  it('is none when no section is available', () => {
    expect(currentSection('/help', '', [])).toBeNull();
  });
});
