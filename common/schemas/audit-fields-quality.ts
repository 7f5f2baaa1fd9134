// The audit trail's field labels of the Quality area (decision 070): lots' holds, defect codes, suppliers, plans,
// inspections, nonconformances and suppliers' corrective actions, named as their screens name them. Spread into
// AUDIT_FIELD_LABELS (audit-fields.ts), which the audit-fields test checks against the services.
export const QUALITY_FIELD_LABELS = {
  lot: { item: 'Item', onHold: 'On hold', reason: 'Reason' },
  'defect-code': { code: 'Code', name: 'Name', category: 'Category', severity: 'Severity', active: 'Active' },
  supplier: { code: 'Code', name: 'Name', contact: 'Contact', email: 'Email', active: 'Active' },
  // QC Setup's plans (decision 071): created, renamed or switched off, a draft version saved, released, copied.
  'inspection-plan': {
    item: 'Item',
    stage: 'Stage',
    name: 'Name',
    active: 'Active',
    version: 'Version',
    basedOn: 'Copied from version',
    status: 'Status',
    sampling: 'Sampling',
    checks: 'Checks',
  },
  // Inspections (decision 072): started from a plan's version in force, finished with a verdict.
  inspection: {
    plan: 'Plan',
    version: 'Version',
    item: 'Item',
    lot: 'Lot',
    workOrder: 'Work order',
    step: 'Step',
    lotSize: 'Lot size',
    sampleSize: 'Sample size',
    severity: 'Severity',
    acceptNumber: 'Accept (Ac)',
    rejectNumber: 'Reject (Re)',
    status: 'Status',
    defectiveUnits: 'Defective units',
    criticalFailed: 'Critical check failed',
    nonconformance: 'Nonconformance',
  },
  // Nonconformances (decision 073): opened, investigated, dispositioned (posting stock) and closed by another person.
  nonconformance: {
    inspection: 'Inspection',
    item: 'Item',
    lot: 'Lot',
    workOrder: 'Work order',
    supplier: 'Supplier',
    quantity: 'Quantity',
    description: 'Description',
    containment: 'Containment',
    rootCause: 'Root cause',
    correctiveAction: 'Corrective action',
    preventiveAction: 'Preventive action',
    status: 'Status',
    disposition: 'Disposition',
    dispositionQuantity: 'Disposition quantity',
    undecided: 'Left to decide',
    note: 'Note',
    posting: 'Stock posting',
    reworkWorkOrder: 'Rework work order',
    lotReleased: 'Lot released',
  },
  // A corrective action after MIL-STD-105E 4.8 discontinued sampling (decision 077): recorded once, never changed.
  'corrective-action': {
    item: 'Item',
    stage: 'Stage',
    supplier: 'Supplier',
    action: 'What was done',
    reference: 'Reference',
  },
  // Jobs (decision 079): created, changed, held, closed and reopened by admins; orders linked and unlinked.
} satisfies Record<string, Record<string, string>>;
