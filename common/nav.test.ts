// The navigation bar against SPEC.md section 2's table, row by row; expectations are written out from SPEC.md.
import { describe, expect, it } from 'vitest';
import { DEFAULT_LABEL_CONFIG, type TLabelConfig } from './label-config.ts';
import { displayName, firstPageOf, isActivePage, NAV_SECTIONS, visibleSections } from './nav.ts';
import type { TRole } from './roles.ts';

/** Every area switched on (SPEC.md's default has maintenance off). */
const ALL_ON: TLabelConfig = { ...DEFAULT_LABEL_CONFIG, enableMaintenanceFeature: true };

type TExpectedBar = [section: string, pages: [path: string, label: string][]][];

// SPEC.md "Navigation bar", as a plain user sees it with every area on.
const USER_BAR: TExpectedBar = [
  [
    'Build',
    [
      ['/build/work-order', 'Work Orders'],
      ['/build/create-order', 'Manage Orders'],
      ['/build/production-report', 'Production Report'],
    ],
  ],
  [
    'Quality',
    [
      ['/quality', 'Quality Dashboard'],
      ['/quality/qc-display', 'QC Instructions'],
      ['/quality/item-instructions', 'QC Setup'],
    ],
  ],
  [
    'Inventory',
    [
      ['/scan', 'Scan Items'],
      ['/labels', 'Tag Items'],
      ['/inventory', 'Inventory'],
      ['/stock-check', 'Stock Check'],
    ],
  ],
  ['Time', [['/time', 'Time Tracking']]],
  [
    'Maintenance',
    [
      ['/maintenance/pm-calendar', 'PM Calendar'],
      ['/maintenance/machine-fix', 'Unscheduled Maintenance'],
      ['/maintenance/logs', 'Maintenance Logs'],
    ],
  ],
  ['Help', [['/help', 'Help & Documentation']]],
];

// The same table with the "admins also" pages and the Admin section.
const ADMIN_BAR: TExpectedBar = [
  [
    'Build',
    [
      ['/build/work-order', 'Work Orders'],
      ['/build/create-order', 'Manage Orders'],
      ['/build/production-report', 'Production Report'],
      ['/assembly-setup', 'Assembly Setup'],
    ],
  ],
  [
    'Quality',
    [
      ['/quality', 'Quality Dashboard'],
      ['/quality/qc-display', 'QC Instructions'],
      ['/quality/item-instructions', 'QC Setup'],
    ],
  ],
  [
    'Inventory',
    [
      ['/scan', 'Scan Items'],
      ['/labels', 'Tag Items'],
      ['/inventory', 'Inventory'],
      ['/stock-check', 'Stock Check'],
      ['/admin?tab=items', 'SKU Setup'],
    ],
  ],
  [
    'Time',
    [
      ['/time', 'Time Tracking'],
      ['/jobs', 'Job Management'],
      ['/job-cost-report', 'Job Cost Report'],
    ],
  ],
  [
    'Maintenance',
    [
      ['/maintenance/pm-calendar', 'PM Calendar'],
      ['/maintenance/machine-fix', 'Unscheduled Maintenance'],
      ['/maintenance/logs', 'Maintenance Logs'],
      ['/maintenance/planned', 'Maintenance Plans'],
      ['/maintenance/machines', 'Machines'],
      ['/maintenance/email-settings', 'Email Settings'],
    ],
  ],
  [
    'Admin',
    [
      ['/admin?tab=users', 'Users'],
      ['/admin?tab=label-config', 'Config'],
      ['/admin?tab=label-definitions', 'Label Formats'],
      ['/admin/subscription', 'Subscription'],
      ['/admin?tab=audit', 'Audit Trail'],
      ['/admin?tab=sso', 'Single sign-on'],
    ],
  ],
  ['Help', [['/help', 'Help & Documentation']]],
];

// A system admin sees everything an admin does plus the Security Dashboard at the end of Admin.
const SYSADMIN_BAR: TExpectedBar = ADMIN_BAR.map(([section, pages]) => [
  section,
  section === 'Admin' ? [...pages, ['/security-dashboard', 'Security Dashboard']] : pages,
]);

function barOf(role: TRole, config: TLabelConfig): TExpectedBar {
  return visibleSections(role, config).map((s) => [s.label, s.pages.map((p) => [p.to, p.label])]);
}

function sectionLabels(role: TRole, config: TLabelConfig): string[] {
  return visibleSections(role, config).map((s) => s.label);
}

describe('navigation bar per role (every area on)', () => {
  it.each([
    ['user', USER_BAR],
    ['admin', ADMIN_BAR],
    ['sysadmin', SYSADMIN_BAR],
  ] as const)('shows a %s exactly the sections and pages of SPEC.md', (role, expected) => {
    expect(barOf(role, ALL_ON)).toEqual(expected);
  });

  it('shows the Admin section to admins and system admins only', () => {
    expect(sectionLabels('user', ALL_ON)).not.toContain('Admin');
    expect(sectionLabels('admin', ALL_ON)).toContain('Admin');
    expect(sectionLabels('sysadmin', ALL_ON)).toContain('Admin');
  });

  it('lists the Security Dashboard for the system admin only', () => {
    const hasDashboard = (role: TRole) =>
      visibleSections(role, ALL_ON).some((s) => s.pages.some((p) => p.to === '/security-dashboard'));
    expect([hasDashboard('user'), hasDashboard('admin'), hasDashboard('sysadmin')]).toEqual([
      false,
      false,
      true,
    ]);
  });
});

describe('feature flags', () => {
  it.each([
    ['enableBuildFeature', 'Build'],
    ['enableQualityFeature', 'Quality'],
    ['enableInventoryFeature', 'Inventory'],
    ['enableTimeFeature', 'Time'],
    ['enableMaintenanceFeature', 'Maintenance'],
  ] as const)('%s off hides the %s section and nothing else', (flag, section) => {
    for (const role of ['user', 'admin', 'sysadmin'] as const) {
      const withFlagOff = sectionLabels(role, { ...ALL_ON, [flag]: false });
      expect(withFlagOff).toEqual(sectionLabels(role, ALL_ON).filter((label) => label !== section));
    }
  });

  it('keeps Admin and Help whatever the flags say', () => {
    const allOff: TLabelConfig = {
      ...ALL_ON,
      enableBuildFeature: false,
      enableQualityFeature: false,
      enableInventoryFeature: false,
      enableTimeFeature: false,
      enableMaintenanceFeature: false,
    };
    expect(sectionLabels('user', allOff)).toEqual(['Help']);
    expect(sectionLabels('admin', allOff)).toEqual(['Admin', 'Help']);
  });

  it("hides Maintenance under SPEC.md's default configuration", () => {
    const defaults = { ...ALL_ON, enableMaintenanceFeature: false };
    expect(sectionLabels('user', defaults)).toEqual(['Build', 'Quality', 'Inventory', 'Time', 'Help']);
  });
});

describe('choosing a section', () => {
  it.each([
    ['Build', '/build/work-order'],
    ['Quality', '/quality'],
    ['Inventory', '/scan'],
    ['Admin', '/admin?tab=users'],
    ['Time', '/time'],
    ['Help', '/help'],
    ['Maintenance', '/maintenance/pm-calendar'],
  ])('%s jumps to %s', (label, firstPage) => {
    for (const role of ['user', 'admin', 'sysadmin'] as const) {
      const section = visibleSections(role, ALL_ON).find((s) => s.label === label);
      if (label === 'Admin' && role === 'user') expect(section).toBeUndefined();
      else expect(section && firstPageOf(section)).toBe(firstPage);
    }
  });

  it('has no page to jump to in an empty section (it shows "Coming soon")', () => {
    expect(firstPageOf({ ...NAV_SECTIONS[0]!, pages: [] })).toBeNull();
  });
});

describe('active item', () => {
  it('matches a tab link only on its own tab', () => {
    expect(isActivePage('/admin?tab=items', '/admin', '?tab=items')).toBe(true);
    expect(isActivePage('/admin?tab=items', '/admin', '?tab=users')).toBe(false);
    expect(isActivePage('/scan', '/scan', '')).toBe(true);
    expect(isActivePage('/scan', '/labels', '')).toBe(false);
  });
});

describe('display name', () => {
  it.each([
    ['Ada', 'Lovelace', 'Ada Lovelace'],
    ['Ada', '', 'ada@example.com'],
    ['', 'Lovelace', 'ada@example.com'],
    ['', '', 'ada@example.com'],
    ['  ', 'Lovelace', 'ada@example.com'],
  ])('first "%s" and last "%s" show as %s', (firstName, lastName, expected) => {
    expect(displayName({ email: 'ada@example.com', firstName, lastName })).toBe(expected);
  });
});
