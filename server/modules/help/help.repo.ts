// What Getting started reads: whether a company (or one person in it) has done each first step, from the rows the
// work itself leaves behind. Run inside the tenant transaction, every query also names the company (decision 033).
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client.ts';
import { auditEntries } from '../audit/audit.tables.ts';
import { assemblyRevisions } from '../build/build.tables.ts';
import { buildOrders } from '../build/orders.tables.ts';
import { workOrderReservations, workOrders } from '../build/work-orders.tables.ts';
import { countLines } from '../inventory/count.tables.ts';
import { items, locations } from '../inventory/inventory.tables.ts';
import { stockTransactions } from '../inventory/stock.tables.ts';
import { jobCostDays } from '../job-cost/job-cost.tables.ts';
import { jobs } from '../jobs/jobs.tables.ts';
import { labelCodes } from '../labels/labels.tables.ts';
import { maintenanceCalendarFeeds, maintenanceRecipients } from '../maintenance/alerts.tables.ts';
import { breakdowns } from '../maintenance/breakdowns.tables.ts';
import { machines } from '../maintenance/machines.tables.ts';
import { maintenanceOccurrences, maintenancePlans } from '../maintenance/plans.tables.ts';
import { inspections } from '../quality/inspections.tables.ts';
import { inspectionPlanVersions } from '../quality/plans.tables.ts';
import { timeEntries } from '../time/time.tables.ts';

/** True when the query finds a row (it stops at the first). */
async function exists(query: { limit: (n: number) => PromiseLike<unknown[]> }): Promise<boolean> {
  return (await query.limit(1)).length > 0;
}

/**
 * The company-wide steps: configuration changed, items, locations, a printed label, a user added, an assembly released,
 * an order opened, a work order released, a work order completed, a machine added, a maintenance plan added, a
 * maintenance e-mail recipient named, a calendar feed made, a breakdown resolved, a PM completed, an inspection plan
 * released, an inspection finished, a job made, something charged to a job.
 */
export async function companyProgress(tx: TDb, companyId: string) {
  const one = { one: sql<number>`1` };
  const [
    configure,
    anyItem,
    anyLocation,
    labels,
    team,
    assembly,
    order,
    workOrder,
    production,
    machine,
    maintenancePlan,
    maintenanceEmail,
    pmCalendar,
    breakdown,
    maintenanceLogs,
    inspectionPlan,
    quality,
    job,
    jobCost,
  ] = await Promise.all([
    // Saving the configuration with a change writes this entry (companies.service.ts); an unchanged save does not.
    exists(
      tx
        .select(one)
        .from(auditEntries)
        .where(
          and(eq(auditEntries.companyId, companyId), eq(auditEntries.entityType, 'company-configuration')),
        ),
    ),
    exists(tx.select(one).from(items).where(eq(items.companyId, companyId))),
    exists(tx.select(one).from(locations).where(eq(locations.companyId, companyId))),
    // A printed thing gets its permanent code when its first label is printed (decision 027): no code, no label.
    exists(tx.select(one).from(labelCodes).where(eq(labelCodes.companyId, companyId))),
    // Users live in better-auth's tables, closed to the tenant role; adding one (invited or with a password) is
    // recorded in the trail (users-invite.service.ts), which the tenant reads.
    exists(
      tx
        .select(one)
        .from(auditEntries)
        .where(
          and(
            eq(auditEntries.companyId, companyId),
            eq(auditEntries.entityType, 'user'),
            inArray(auditEntries.action, ['invited', 'created-with-password']),
          ),
        ),
    ),
    // A draft is work in progress; a released revision is an assembly work orders can be made from.
    exists(
      tx
        .select(one)
        .from(assemblyRevisions)
        .where(and(eq(assemblyRevisions.companyId, companyId), eq(assemblyRevisions.status, 'released'))),
    ),
    // A draft is a plan nobody works to yet; an order that was opened (and maybe since finished) is real work.
    exists(
      tx
        .select(one)
        .from(buildOrders)
        .where(
          and(
            eq(buildOrders.companyId, companyId),
            inArray(buildOrders.status, ['open', 'in_progress', 'done']),
          ),
        ),
    ),
    // Releasing a work order writes its reservation rows, kept (closed, never deleted) whatever happens to it after.
    exists(tx.select(one).from(workOrderReservations).where(eq(workOrderReservations.companyId, companyId))),
    // A completed work order is what the Production Report counts (decision 052); completion is final.
    exists(
      tx
        .select(one)
        .from(workOrders)
        .where(and(eq(workOrders.companyId, companyId), eq(workOrders.status, 'completed'))),
    ),
    exists(tx.select(one).from(machines).where(eq(machines.companyId, companyId))),
    exists(tx.select(one).from(maintenancePlans).where(eq(maintenancePlans.companyId, companyId))),
    // Maintenance mail goes nowhere until someone is named (decision 058).
    exists(tx.select(one).from(maintenanceRecipients).where(eq(maintenanceRecipients.companyId, companyId))),
    // A feed made, even if revoked since: someone has seen the calendar and taken it with them.
    exists(
      tx.select(one).from(maintenanceCalendarFeeds).where(eq(maintenanceCalendarFeeds.companyId, companyId)),
    ),
    exists(
      tx
        .select(one)
        .from(breakdowns)
        .where(and(eq(breakdowns.companyId, companyId), eq(breakdowns.status, 'resolved'))),
    ),
    // A completed PM is what the logs count (decision 061); completion is final.
    exists(
      tx
        .select(one)
        .from(maintenanceOccurrences)
        .where(
          and(
            eq(maintenanceOccurrences.companyId, companyId),
            eq(maintenanceOccurrences.status, 'completed'),
          ),
        ),
    ),
    // A draft plan inspects nothing; a released version is what receipts and steps are inspected by (decision 071).
    exists(
      tx
        .select(one)
        .from(inspectionPlanVersions)
        .where(
          and(eq(inspectionPlanVersions.companyId, companyId), eq(inspectionPlanVersions.status, 'released')),
        ),
    ),
    // A finished inspection is what the dashboard counts (decision 074); finishing is final.
    exists(
      tx
        .select(one)
        .from(inspections)
        .where(and(eq(inspections.companyId, companyId), inArray(inspections.status, ['passed', 'failed']))),
    ),
    // A job of any status: even a closed one was made (decision 079).
    exists(tx.select(one).from(jobs).where(eq(jobs.companyId, companyId))),
    // Anything charged to a job — time, an issue, a work order's consumption, maintenance parts — lands in the job
    // cost report's day sums (decision 084).
    exists(tx.select(one).from(jobCostDays).where(eq(jobCostDays.companyId, companyId))),
  ]);
  return {
    configure,
    items: anyItem,
    locations: anyLocation,
    labels,
    team,
    assembly,
    order,
    'work-order': workOrder,
    production,
    machine,
    'maintenance-plan': maintenancePlan,
    'maintenance-email': maintenanceEmail,
    'pm-calendar': pmCalendar,
    breakdown,
    'maintenance-logs': maintenanceLogs,
    'inspection-plan': inspectionPlan,
    quality,
    job,
    'job-cost': jobCost,
  };
}

/**
 * One person's floor steps: a movement they posted (the four /scan offers), a quantity they counted, an inspection,
 * time on a job.
 */
export async function personProgress(tx: TDb, companyId: string, userId: string) {
  const one = { one: sql<number>`1` };
  const [scan, count, inspect, clockIn] = await Promise.all([
    exists(
      tx
        .select(one)
        .from(stockTransactions)
        .where(
          and(
            eq(stockTransactions.companyId, companyId),
            eq(stockTransactions.postedBy, userId),
            inArray(stockTransactions.kind, ['receive', 'issue', 'move', 'adjust']),
          ),
        ),
    ),
    exists(
      tx
        .select(one)
        .from(countLines)
        .where(and(eq(countLines.companyId, companyId), eq(countLines.countedBy, userId))),
    ),
    // An inspection keeps its finisher's name as written then; the trail keeps who by id (inspection-finish.service).
    exists(
      tx
        .select(one)
        .from(auditEntries)
        .where(
          and(
            eq(auditEntries.companyId, companyId),
            eq(auditEntries.entityType, 'inspection'),
            eq(auditEntries.action, 'finished'),
            eq(auditEntries.actorId, userId),
          ),
        ),
    ),
    // Any entry of theirs: clocked, typed, or started by a step on the build floor (decision 080).
    exists(
      tx
        .select(one)
        .from(timeEntries)
        .where(and(eq(timeEntries.companyId, companyId), eq(timeEntries.userId, userId))),
    ),
  ]);
  return { scan, count, inspect, 'clock-in': clockIn };
}
