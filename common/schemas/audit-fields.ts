// The fields the audit trail records, named as the screens that change them label them ("Burdened labor rate
// ($/hour)", not burdenedLaborRate), per kind of thing; an area switch reads "Quality area", as "Quality" alone
// would not say what was switched. Every field a service writes with recordAudit has a label here
// (server/modules/audit/audit-fields.test.ts reads the services to check it); where a record mirrors a contract, the
// `satisfies` below makes the compiler ask for a label when the contract gains a field.
import type { TLabelConfig } from '../label-config.ts';
import type { TAuditEntityType } from './audit.ts';
import { QUALITY_FIELD_LABELS } from './audit-fields-quality.ts';
import type { TItem } from './inventory-setup.ts';
import type { TLabelFormat } from './labels.ts';

type TLabels<K extends string> = Record<K, string>;

/** An item as the trail records it: the item without its id, timestamps and the location's path (computed). */
export type TAuditedItemField = Exclude<
  keyof TItem,
  'id' | 'createdAt' | 'updatedAt' | 'defaultLocationPath'
>;

const ITEM_LABELS = {
  partNumber: 'Part number',
  name: 'Name',
  description: 'Description',
  unitOfMeasure: 'Unit of measure',
  category: 'Category',
  unitCost: 'Unit cost ($)',
  reorderPoint: 'Reorder point',
  defaultLocationId: 'Default location',
  lotTracked: 'Lot-tracked',
  active: 'Active',
} satisfies TLabels<TAuditedItemField>;

const CONFIGURATION_LABELS = {
  width: 'Width (inches)',
  height: 'Height (inches)',
  useLotNumbers: 'Use lot numbers',
  allowBorrowing: 'Allow borrowing',
  enableBuildFeature: 'Build area',
  enableQualityFeature: 'Quality area',
  allowReducedInspection: 'Allow reduced inspection',
  enableInventoryFeature: 'Inventory area',
  enableTimeFeature: 'Time area',
  enableMaintenanceFeature: 'Maintenance area',
} satisfies TLabels<keyof TLabelConfig>;

const LABEL_FORMAT_LABELS = {
  name: 'Name',
  width: 'Width',
  height: 'Height',
  unit: 'Unit',
  symbology: 'Code',
  fields: 'Fields that print',
  freeText: 'Free text',
  textSize: 'Text size (pt)',
} satisfies TLabels<Exclude<keyof TLabelFormat, 'id' | 'updatedAt'>>;

export const AUDIT_FIELD_LABELS: Record<TAuditEntityType, Record<string, string>> = {
  user: {
    email: 'E-mail',
    firstName: 'First name',
    lastName: 'Last name',
    role: 'Role',
    burdenedLaborRate: 'Burdened labor rate ($/hour)',
    effectiveFrom: 'Effective from',
    entriesRepriced: 'Time entries re-priced',
    active: 'Active',
    mfaEnabled: 'Two-factor authentication',
    passkey: 'Passkey',
    signedInAt: 'Signed in at',
    ipAddress: 'IP address',
    signInMethod: 'Sign-in method',
  },
  'company-configuration': CONFIGURATION_LABELS,
  plan: { plan: 'Plan' },
  // An item's cost moved by a build names the work order (decision 064).
  item: { ...ITEM_LABELS, workOrder: 'Work order' },
  location: { kind: 'Kind', code: 'Code', name: 'Name', active: 'Active' },
  'stock-check': {
    title: 'Title',
    scope: 'What to count',
    location: 'Location',
    blind: 'Blind count',
    lines: 'Lines',
    status: 'Status',
    changedLines: 'Lines that change stock',
    uncountedLines: 'Lines not counted',
    varianceValue: 'Net difference at cost',
    transactionId: 'Stock transaction',
  },
  'label-format': LABEL_FORMAT_LABELS,
  assembly: {
    item: 'Item',
    revision: 'Revision',
    basedOn: 'Copied from revision',
    status: 'Status',
    lines: 'Components',
    steps: 'Steps',
    pictures: 'Pictures and videos',
    // A step's inspection plans (decision 071).
    step: 'Step',
    inspections: 'Inspection plans',
  },
  'work-order': {
    assembly: 'Assembly',
    revision: 'Revision',
    quantity: 'Quantity',
    dueOn: 'Due date',
    orderLine: 'Order line',
    outputLocation: 'Output location',
    nonconformance: 'Rework of',
    status: 'Status',
    reserved: 'Reserved',
    // The shop-floor run (decision 049).
    step: 'Step',
    goodQuantity: 'Good quantity',
    scrapQuantity: 'Scrap',
    scrapReason: 'Scrap reason',
    scrapDefectCode: 'Defect code',
    component: 'Component',
    lot: 'Lot',
    location: 'Location',
    // Consumption by plan (decision 064): scanned, backflushed or at completion, and why past or short of the plan.
    source: 'Consumed by',
    reason: 'Reason',
    resolution: 'Resolution',
    // Built cost (decision 064).
    materialCost: 'Material cost',
    laborCost: 'Standard labor',
    outputValue: 'Value put into stock',
    settled: 'Settled at completion',
    writtenOff: 'Written off as scrap',
    onHand: 'On hand',
    unitCost: 'Unit cost',
    workOrder: 'Work order',
    value: 'Value put into stock',
    itemUnitCost: "Item's unit cost",
    plannedMaterialCost: 'Planned material cost',
    parent: 'For work order',
  },
  file: { name: 'Name', contentType: 'Type', size: 'Size' },
  'build-order': {
    customer: 'Customer',
    dueOn: 'Due date',
    notes: 'Notes',
    lines: 'Lines',
    status: 'Status',
    // A move the server made itself, e.g. "its work orders" when they all finished.
    by: 'Moved by',
  },
  machine: {
    name: 'Name',
    assetTag: 'Asset tag',
    location: 'Location',
    make: 'Make',
    model: 'Model',
    serial: 'Serial number',
    commissionedOn: 'Commissioning date',
    status: 'Status',
    reason: 'Reason',
    meterReading: 'Meter (hours)',
    runtimeFrom: 'Runtime from',
  },
  'maintenance-plan': {
    machine: 'Machine',
    title: 'Title',
    checklist: 'Checklist',
    mode: 'Schedule',
    startOn: 'Start date',
    calendarEvery: 'Every',
    calendarUnit: 'Unit',
    meterEveryHours: 'Every (runtime hours)',
    meterStartReading: 'Meter start reading',
    leadDays: 'Lead days',
    graceDays: 'Grace days',
    graceHours: 'Grace hours',
    assignee: 'Assignee',
    estimatedMinutes: 'Estimated minutes',
    active: 'On',
    firstDue: 'First due',
    openDue: 'Open occurrence due',
    dueOn: 'Due date',
    dueReading: 'Due reading (hours)',
    completedOn: 'Completed on',
    reading: 'Reading (hours)',
    onTime: 'On time',
    missed: 'Missed dates',
    nextDueOn: 'Next due date',
    nextDueReading: 'Next due reading (hours)',
    parts: 'Parts used',
    skippedTasks: 'Tasks not done',
  },
  breakdown: {
    machine: 'Machine',
    problem: 'Problem',
    priority: 'Priority',
    photo: 'Photo',
    status: 'Status',
    machineStatus: 'Machine status',
    cause: 'Cause',
    action: 'Action taken',
    repairMinutes: 'Repair time (minutes)',
    downtimeMinutes: 'Downtime (minutes)',
    parts: 'Parts used',
  },
  // Holds of lots (decision 070).
  ...QUALITY_FIELD_LABELS,
  job: {
    name: 'Name',
    customer: 'Customer',
    budgetHours: 'Budget hours',
    budgetCost: 'Budget cost ($)',
    notes: 'Notes',
    status: 'Status',
    order: 'Order',
    workOrders: 'Work orders moved',
    clocksStopped: 'Clocks stopped',
  },
  // Time (decision 080): clocked, typed, edited and deleted entries, each edit and delete with its reason.
  'time-entry': {
    job: 'Job',
    step: 'Work-order step',
    activity: 'Activity',
    startedAt: 'Start',
    endedAt: 'End',
    rate: 'Rate ($/hour)',
    cost: 'Cost ($)',
    reason: 'Reason',
  },
  'time-week': { week: 'Week of', reason: 'Reason', selfApproved: 'Self-approved' },
  kiosk: { name: 'Name' },
  badge: { person: 'Person', hint: 'Ends in' },
  // Single sign-on (decision 086): the secret itself is never written, only that it was stored or replaced.
  'sso-provider': {
    issuer: 'Issuer',
    clientId: 'Client id',
    clientSecret: 'Client secret',
    scopes: 'Scopes',
    firstNameClaim: 'First name claim',
    lastNameClaim: 'Last name claim',
    jitEnabled: 'New people get an account at first sign-in',
    // SAML 2.0 (decision 090): the certificate by its SHA-256 fingerprint.
    protocol: 'Protocol',
    entryPoint: 'Single sign-on URL',
    certificate: 'Signing certificate',
    emailAttribute: 'E-mail attribute',
  },
  'sso-domain': { domain: 'Domain', proved: 'Proved', ssoRequired: 'Single sign-on required' },
  'maintenance-email-settings': {
    people: 'People',
    emails: 'Outside addresses',
    daysBefore: 'Days before due',
    overdueEveryDays: 'Overdue reminders every (days)',
    breakdownAlerts: 'Breakdown alerts',
    dailyDigest: 'Daily digest',
    digestHour: 'Digest hour',
    to: 'Sent to',
  },
};

/** "burdenedLaborRate" → "Burdened labor rate": the last resort, so a field missed here still reads as words. */
function words(field: string): string {
  const spaced = field.replace(/([a-z\d])([A-Z])/g, '$1 $2').toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

/** The field as the screens name it. */
export function auditFieldLabel(entityType: string, field: string): string {
  return AUDIT_FIELD_LABELS[entityType as TAuditEntityType]?.[field] ?? words(field);
}
