// Runs a request's database work as the tenant: one transaction, RLS role, company id set for the policies.
import { sql } from 'drizzle-orm';
import type { TRole } from '#common/roles.ts';
import type { TAuditActor } from '../modules/audit/audit.ts';
import type { TDb } from './client.ts';
import type { TInlineStatement } from './inline-statement.ts';

/** Who acts for which company: from the signed-in session only, never from the request. */
export interface TTenantContext {
  companyId: string;
  userId: string;
  role: TRole;
}

/**
 * A company as services receive it: who acts, and the one way to reach the company's data — a transaction that
 * row-level security confines to this company (on PostgreSQL on connections that log in as the role that owns
 * nothing, so even a query that forgot its `where` sees no other company's rows). Services never get the owner
 * connection (decision 032).
 */
export interface TTenant extends TTenantContext {
  /** Who acts, as the audit trail names them. */
  actor: TAuditActor;
  run<T>(fn: (tx: TDb) => Promise<T>): Promise<T>;
  /**
   * As `run`, with `first` sent in the same message as begin and the tenant set-up (one round trip for the three on
   * PostgreSQL: decision 087); `fn` gets its rows.
   */
  runFrom<T>(first: TInlineStatement, fn: (tx: TDb, firstRows: unknown[]) => Promise<T>): Promise<T>;
}

/** The tenant handle of `ctx` on the root database `db` (the tenant route group makes it; scripts and tests too). */
export function tenantFor(db: TDb, ctx: TTenantContext, actor: TAuditActor): TTenant {
  const { companyId, userId, role } = ctx;
  assertCompanyId(companyId);
  return {
    companyId,
    userId,
    role,
    actor,
    run: (fn) => withTenant(db, companyId, fn),
    runFrom: (first, fn) => withTenantFrom(db, companyId, first, fn),
  };
}

/**
 * Runs `fn` in a transaction of the root database `db`, as the tenant `companyId`; with `first`, that statement goes
 * with begin and the set-up, and `fn` gets its rows.
 */
export type TTenantRunner = <T>(
  companyId: string,
  fn: (tx: TDb, firstRows: unknown[]) => Promise<T>,
  first?: TInlineStatement,
) => Promise<T>;

/** Drivers that can open a tenant transaction in one round trip register how (server/db/client.ts). */
const runners = new WeakMap<TDb, TTenantRunner>();

/** Registers `runner` as the way `withTenant` opens tenant transactions on the root database `db`. */
export function registerTenantRunner(db: TDb, runner: TTenantRunner): void {
  runners.set(db, runner);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function assertCompanyId(companyId: string): void {
  if (!UUID.test(companyId)) throw new Error('A tenant transaction needs a company id (a uuid).');
}

/**
 * `begin` and the tenant set-up as ONE simple-protocol message (one round trip instead of two on every tenant
 * request). A simple query carries no parameters, so the company id is written into the text: it comes from the
 * session row, never from the request, and anything but a well-formed uuid is refused here before it gets that far.
 */
export function tenantBeginSql(companyId: string): string {
  assertCompanyId(companyId);
  return `begin; select set_config('app.company_id', '${companyId}', true), set_config('role', 'forgeboard_app', true)`;
}

/**
 * Makes `tx.transaction()` throw. On the pool's connection a nested `begin` is a no-op and its commit would end the
 * tenant transaction early; Drizzle's own transactions would make it a savepoint. One rule on both drivers: the
 * tenant transaction is the unit of work.
 */
export function refuseNestedTransactions(tx: TDb): void {
  tx.transaction = () => {
    throw new Error('A tenant transaction cannot open another transaction inside it.');
  };
}

/** Runs `fn` in a transaction that row-level security confines to `companyId`. */
export async function withTenant<T>(db: TDb, companyId: string, fn: (tx: TDb) => Promise<T>): Promise<T> {
  return withTenantFrom(db, companyId, null, (tx) => fn(tx));
}

/** As withTenant, `first` (when given) run before `fn`, in the same message as begin where the driver allows. */
export async function withTenantFrom<T>(
  db: TDb,
  companyId: string,
  first: TInlineStatement | null,
  fn: (tx: TDb, firstRows: unknown[]) => Promise<T>,
): Promise<T> {
  assertCompanyId(companyId);
  const runner = runners.get(db);
  if (runner) return first ? runner(companyId, fn, first) : runner(companyId, fn);
  return db.transaction(async (tx) => {
    // One round trip for both: the company for the policies, and the request role (`set_config('role', …, true)` is
    // SET LOCAL ROLE), both undone at commit. Every tenant transaction pays this, so it is kept to one statement.
    await tx.execute(
      sql`select set_config('app.company_id', ${companyId}, true), set_config('role', 'forgeboard_app', true)`,
    );
    refuseNestedTransactions(tx as unknown as TDb);
    // PGlite is in-process: a statement of its own costs no socket write, so `first` simply runs next.
    const rows = first
      ? ((await tx.execute(sql.raw(first.text))) as unknown as { rows: unknown[] }).rows
      : [];
    return fn(tx as unknown as TDb, rows);
  });
}
