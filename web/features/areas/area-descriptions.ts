// What each screen will do, shown on the screen until its area lands (from PRODUCT.md).
export const AREA_DESCRIPTIONS: Record<string, string> = {
  '/help':
    'Documentation for every area of Forgeboard, searchable, written for the people who use the screens.',
  '/inventory':
    'Every item in stock by location and lot, searchable and filterable, with low-stock flags against reorder points.',
  '/items': 'The items (SKUs) your company stocks, builds and buys.',
  '/labels':
    'Pick items, lots, locations or machines and print labels: PDF at the exact label size, or ZPL for Zebra printers.',
  '/label-config': "Your company's label size, lot numbers, borrowing and feature settings.",
  '/stock-check':
    'Count sessions for a location or a set of items: scan and count, review variances, post in one go.',
  '/scan': 'Scan a label with the camera or a USB or Bluetooth scanner and act on it in one or two taps.',
  '/build/create-order':
    'Customer and stock orders with their lines; work orders are created from order lines.',
  '/orders': 'Customer and stock orders with their lines; work orders are created from order lines.',
  '/build/work-order':
    'Work orders from planned to completed, with the shop-floor view that walks operators through each step.',
  '/build/production-report':
    'Output per day and week per assembly, on-time completion, scrap rate and cycle time against standard.',
  '/quality': 'Pareto of defects, first pass yield over time and per item or step, and defect trends.',
  '/quality/item-instructions':
    'Inspection plans per item: ordered checks, tolerances and when each applies.',
  '/quality/qc-display':
    'The operator walks through the checks of an item, lot or work order; failures open a nonconformance.',
  '/subscription': 'Your plan, its limits and your usage against them.',
  '/maintenance/pm-calendar':
    'Month and week views of due and overdue preventive maintenance, completed from the calendar.',
  '/maintenance/machine-fix':
    'Report a breakdown, work it and resolve it with cause, action, parts used and time.',
  '/maintenance/logs': 'Every completed PM and repair per machine, with MTBF, MTTR and PM compliance.',
  '/assembly-setup':
    'Bills of materials and build processes: steps, instructions, video, QC checks and standard times.',
  '/admin/subscription': 'Your plan, its limits, your usage and plan changes.',
  '/users': 'Add, invite and manage the users of your company.',
  '/job-cost-report':
    'Per job: labor hours at each entry’s rate, material at cost, and the total against budget.',
  '/maintenance/machines':
    'Machines with asset tag, location, make, model, serial, status and runtime meter.',
  '/maintenance/planned': 'Maintenance plans: a machine, a checklist and a schedule by calendar or runtime.',
  '/maintenance/email-settings':
    'Who is told about due, overdue and breakdown maintenance, and how far ahead.',
  '/security-dashboard':
    'Failed and rate-limited sign-ins, active sessions, MFA adoption and the audit trail.',
  '/admin?tab=users': 'Add, invite and manage the users of your company: roles, labor rates, active or not.',
  '/admin?tab=label-config': 'Label size, lot numbers, borrowing and which areas your company uses.',
  '/admin?tab=label-definitions': 'Label formats: size, symbology and the fields each label prints.',
  '/admin?tab=items': 'Create, import and export the items (SKUs) your company stocks, builds and buys.',
};
