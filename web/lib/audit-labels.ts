// How audit entries read to people: the kinds of things, the actions, and "field: before → after" lines. Shared by
// the company's Audit Trail tab and the sysadmins' security dashboard, so a new action is named once.
import { auditFieldLabel } from '#common/schemas/audit-fields.ts';

export const AUDIT_ENTITY_LABELS: Record<string, string> = {
  user: 'User',
  'company-configuration': 'Configuration',
  plan: 'Plan',
  item: 'Item',
  location: 'Location',
  'stock-check': 'Stock check',
  'label-format': 'Label format',
  assembly: 'Assembly',
  'build-order': 'Order',
  machine: 'Machine',
  'maintenance-plan': 'Maintenance plan',
  breakdown: 'Breakdown',
  'maintenance-email-settings': 'Maintenance e-mail',
  lot: 'Lot',
  'defect-code': 'Defect code',
  supplier: 'Supplier',
  nonconformance: 'Nonconformance',
  'corrective-action': 'Corrective action',
  job: 'Job',
  'time-entry': 'Time entry',
  'time-week': 'Time week',
  kiosk: 'Kiosk',
  badge: 'Badge',
  'sso-provider': 'Single sign-on provider',
  'sso-domain': 'Single sign-on domain',
  'inspection-plan': 'Inspection plan',
  'work-order': 'Work order',
};

const ACTION_LABELS: Record<string, string> = {
  invited: 'Invited',
  'created-with-password': 'Added with a first password',
  created: 'Created',
  imported: 'Imported',
  updated: 'Changed',
  held: 'Put on hold',
  'hold-released': 'Released from hold',
  'hold-changed': 'Hold reason changed',
  changed: 'Changed',
  inactivated: 'Inactivated',
  reactivated: 'Reactivated',
  deactivated: 'Deactivated',
  'invitation-sent-again': 'Invitation sent again',
  'two-factor-removed': 'Two-factor removed',
  'identity-linked': 'Sign-in method linked',
  'identity-unlinked': 'Sign-in method unlinked',
  'session-ended': 'Session ended by a sysadmin',
  'passkey-added': 'Passkey added',
  'passkey-removed': 'Passkey removed',
  'passkey-renamed': 'Passkey renamed',
  started: 'Started',
  posted: 'Posted',
  cancelled: 'Cancelled',
  deleted: 'Deleted',
  'draft-opened': 'New draft revision',
  released: 'Released',
  'status-changed': 'Status changed',
  'meter-read': 'Meter read',
  'switched-on': 'Switched on',
  'switched-off': 'Switched off',
  completed: 'Completed',
  reported: 'Reported',
  resolved: 'Resolved',
  'test-sent': 'Test e-mail sent',
  'step-started': 'Step started',
  'step-paused': 'Step paused',
  'step-resumed': 'Step resumed',
  'step-finished': 'Step finished',
  'component-consumed': 'Component consumed',
  'component-resolved': 'Line settled at completion',
  'output-recorded': 'Output recorded',
  'cost-averaged': 'Cost averaged from a build',
  'cost-settled': 'Cost settled at completion',
  'labor-recosted': 'Labor recosted from recorded time',
  'job-charged': 'Charged to a job',
  opened: 'Opened',
  dispositioned: 'Dispositioned',
  closed: 'Closed',
  recorded: 'Recorded',
  reopened: 'Reopened',
  'order-linked': 'Order linked',
  'order-unlinked': 'Order unlinked',
  'clocked-in': 'Clocked in',
  'clocked-out': 'Clocked out',
  entered: 'Entered by hand',
  edited: 'Edited',
  approved: 'Approved',
  'rate-set': 'Rate set from a date',
};

/** The action in words (the stored name when it has none yet). */
export function auditActionLabel(action: string): string {
  return ACTION_LABELS[action] ?? action;
}

function show(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'boolean') return value ? 'on' : 'off';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * "Role: user → admin" for each field an entry changed, or "Role: user" for what a creation set; fields are named as
 * the screens label them (common/schemas/audit-fields.ts), never by their stored names.
 */
export function auditChangeLines(entry: {
  entityType: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}): string[] {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  return Object.keys({ ...before, ...after }).map((field) => {
    const label = auditFieldLabel(entry.entityType, field);
    return entry.before
      ? `${label}: ${show(before[field])} → ${show(after[field])}`
      : `${label}: ${show(after[field])}`;
  });
}
