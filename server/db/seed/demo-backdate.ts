// Dating the demo's finished work in the past. The build services stamp their rows with the moment they run (the
// floor has no "when" to ask for), so the history's work orders are run through them at the seed's run and then their
// own dates are moved to the day they stand for: the work order's created, released, started and completed, and its
// step runs' start and finish (which set its actual minutes, as in the production report's API test). Quantities,
// costs, reservations and the ledger are left exactly as the services wrote them; the ledger, the consumptions, the
// outputs and the audit trail are append-only and keep the instant they were posted (decision 068).
import { sql } from 'drizzle-orm';
import { queryRows } from '../client.ts';
import type { TTenant } from '../tenant.ts';

const MINUTE = 60_000;

/**
 * Dates work order `id` (completed just now) as completed at `completedAt`, its steps run one after the other before
 * it, each for the minutes given (in step order), the order released the day before its first step.
 */
export async function dateCompletedWorkOrder(
  admin: TTenant,
  id: string,
  completedAt: Date,
  stepMinutes: readonly number[],
): Promise<void> {
  await admin.run(async (tx) => {
    const runs = await queryRows<{ id: string }>(
      tx,
      sql`select r.id from work_order_step_runs r join assembly_steps s on s.id = r.step_id
           where r.company_id = ${admin.companyId} and r.work_order_id = ${id} order by s.position`,
    );
    let end = completedAt.getTime() - 5 * MINUTE;
    const spans: { id: string; start: Date; finish: Date }[] = [];
    for (let i = runs.length - 1; i >= 0; i--) {
      const minutes = stepMinutes[i] ?? 10;
      const start = end - Math.round(minutes * MINUTE);
      spans.unshift({ id: runs[i]!.id, start: new Date(start), finish: new Date(end) });
      end = start - 10 * MINUTE;
    }
    for (const span of spans) {
      await tx.execute(
        sql`update work_order_step_runs set started_at = ${span.start}, finished_at = ${span.finish}
             where company_id = ${admin.companyId} and id = ${span.id}`,
      );
    }
    const started = spans[0]?.start ?? completedAt;
    const released = new Date(started.getTime() - 24 * 60 * MINUTE);
    await tx.execute(
      sql`update work_orders
             set created_at = ${new Date(released.getTime() - 2 * 60 * MINUTE)}, released_at = ${released},
                 started_at = ${started}, completed_at = ${completedAt}, updated_at = ${completedAt}
           where company_id = ${admin.companyId} and id = ${id}`,
    );
  });
}

/** Dates build order `id` as made at `createdAt` and last changed at `updatedAt`. */
export async function dateOrder(admin: TTenant, id: string, createdAt: Date, updatedAt: Date): Promise<void> {
  await admin.run((tx) =>
    tx.execute(
      sql`update build_orders set created_at = ${createdAt}, updated_at = ${updatedAt}
           where company_id = ${admin.companyId} and id = ${id}`,
    ),
  );
}

/**
 * Dates machine `id` as added at `addedAt`: the maintenance logs count a machine's running time from then. Its first
 * status event ("Added") is append-only and keeps the seed's instant.
 */
export async function dateMachine(admin: TTenant, id: string, addedAt: Date): Promise<void> {
  await admin.run((tx) =>
    tx.execute(
      sql`update machines set created_at = ${addedAt}
           where company_id = ${admin.companyId} and id = ${id}`,
    ),
  );
}
