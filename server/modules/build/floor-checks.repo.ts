// The floor's reads of a step's inspections (decisions 070, 076), inside the tenant's transaction; company_id in every
// where and join. The links of a revision's steps to plans are frozen with the revision (trigger
// assembly_step_checks_frozen), so the released-recipe cache keeps them; what changes — the plans' names, whether they
// are switched on or have a released version, and this work order's inspections — is read in ONE query per floor
// read, and only when the recipe has any link at all.
import { sql } from 'drizzle-orm';
import { queryRows, type TDb } from '../../db/client.ts';

/** A step of a revision inspected with a plan: frozen with the revision. */
export interface TStepCheckLink {
  stepId: string;
  planId: string;
  position: number;
  required: boolean;
}

/** The revision's step plans, by step then position. */
export async function stepCheckLinksOf(tx: TDb, companyId: string, revisionId: string) {
  const rows = await queryRows<{ step_id: string; plan_id: string; position: number; required: boolean }>(
    tx,
    sql`select step_id, plan_id, position, required
          from assembly_step_checks
         where company_id = ${companyId} and revision_id = ${revisionId}
         order by step_id, position`,
  );
  return rows.map(
    (r): TStepCheckLink => ({
      stepId: r.step_id,
      planId: r.plan_id,
      position: Number(r.position),
      required: r.required,
    }),
  );
}

/** A plan as the floor shows it, with this work order's step inspections of it (oldest first). */
export interface TPlanOnFloor {
  planId: string;
  name: string;
  active: boolean;
  /** Whether the plan has a released version: without one there is nothing to inspect with yet. */
  released: boolean;
  inspections: Array<{ id: string; number: number; stepId: string; status: 'open' | 'passed' | 'failed' }>;
}

/** The plans `planIds` with work order `workOrderId`'s step inspections of them: one round trip. */
export async function plansOnFloor(
  tx: TDb,
  companyId: string,
  workOrderId: string,
  planIds: readonly string[],
): Promise<Map<string, TPlanOnFloor>> {
  const plans = new Map<string, TPlanOnFloor>();
  if (planIds.length === 0) return plans;
  const rows = await queryRows<{
    plan_id: string;
    name: string;
    active: boolean;
    released: boolean;
    inspection_id: string | null;
    number: number | null;
    step_id: string | null;
    status: 'open' | 'passed' | 'failed' | null;
  }>(
    tx,
    sql`select p.id as plan_id, p.name, p.active,
               exists (select 1 from inspection_plan_versions v
                        where v.company_id = p.company_id and v.plan_id = p.id and v.status = 'released') as released,
               i.id as inspection_id, i.number, i.step_id, i.status
          from inspection_plans p
          left join inspections i
            on i.company_id = p.company_id and i.plan_id = p.id
           and i.work_order_id = ${workOrderId} and i.step_id is not null
         where p.company_id = ${companyId} and p.id = any(${`{${planIds.join(',')}}`}::uuid[])
         order by p.id, i.number`,
  );
  for (const r of rows) {
    const plan = plans.get(r.plan_id) ?? {
      planId: r.plan_id,
      name: r.name,
      active: r.active,
      released: r.released,
      inspections: [],
    };
    if (r.inspection_id !== null && r.step_id !== null && r.status !== null)
      plan.inspections.push({
        id: r.inspection_id,
        number: Number(r.number),
        stepId: r.step_id,
        status: r.status,
      });
    plans.set(r.plan_id, plan);
  }
  return plans;
}
