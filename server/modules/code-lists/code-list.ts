// A company's code list (decision 075): rows of a code, a name, a few fields of their own and `active`, the code
// unique in the company whatever its case. Suppliers and defect codes are two of them and behave alike: everyone
// reads a page searched by text, admins add and change rows, each change audited, a row never deleted (history keeps
// naming it) but switched off. One list is a configuration of this: its table, contract, DTO and audited fields.
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { v7 as uuidv7 } from 'uuid';
import type { z } from 'zod';
import { AppError } from '#common/errors.ts';
import type { TAuditEntityType } from '#common/schemas/audit.ts';
import type { TCodeListFilter } from '#common/schemas/code-list.ts';
import type { TDb } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { containsPattern } from '../../db/like.ts';
import type { TTenant } from '../../db/tenant.ts';
import { recordAudit } from '../audit/audit.ts';

/** What a code list's table holds at the least (the rest are the list's own fields). */
export type TCodeListTable = PgTable & {
  id: AnyPgColumn;
  companyId: AnyPgColumn;
  code: AnyPgColumn;
  active: AnyPgColumn;
};

export type TCodeListQuery = TCodeListFilter & { page: number; pageSize: number };

export interface TCodeListSpec<
  TTable extends TCodeListTable,
  TDto extends { id: string; code: string },
  TFields,
> {
  table: TTable;
  /** The audit trail's entity type. */
  entityType: TAuditEntityType;
  messages: { notFound: string; codeTaken: string };
  /** The text columns the list's search looks in (lowercased, anywhere in the text). */
  searchIn: (table: TTable) => AnyPgColumn[];
  /** The whole row as a form holds it (POST and PUT). */
  input: z.ZodType<TFields>;
  toDto: (row: TTable['$inferSelect']) => TDto;
  /** The DTO's fields the audit trail records before and after a change. */
  audited: readonly NoInfer<keyof TDto & string>[];
}

/** The queries and the service of one code list. */
export function codeList<TTable extends TCodeListTable, TDto extends { id: string; code: string }, TFields>(
  spec: TCodeListSpec<TTable, TDto, TFields>,
) {
  type TRow = TTable['$inferSelect'];
  const { table } = spec;
  const byId = (companyId: string, id: string) => and(eq(table.companyId, companyId), eq(table.id, id));
  const notFound = () => new AppError('NOT_FOUND', spec.messages.notFound);
  const codeTaken = () =>
    new AppError('CONFLICT', spec.messages.codeTaken, { code: spec.messages.codeTaken });
  const audited = (dto: TDto) => Object.fromEntries(spec.audited.map((field) => [field, dto[field]]));

  async function find(tx: TDb, companyId: string, id: string): Promise<TRow | null> {
    const [row] = await tx
      .select()
      .from(table as PgTable)
      .where(byId(companyId, id))
      .limit(1);
    return (row as TRow | undefined) ?? null;
  }

  /** The row locked for the rest of the transaction: two edits of one row queue up, each audited against the last. */
  async function lock(tx: TDb, companyId: string, id: string): Promise<TRow | null> {
    const [row] = await tx
      .select()
      .from(table as PgTable)
      .where(byId(companyId, id))
      .for('update')
      .limit(1);
    return (row as TRow | undefined) ?? null;
  }

  /** A page of the company's rows by code (case-insensitively), with how many match. */
  async function page(
    tx: TDb,
    companyId: string,
    query: TCodeListQuery,
  ): Promise<{ rows: TRow[]; total: number }> {
    const where: SQL[] = [eq(table.companyId, companyId)];
    if (query.active !== 'all') where.push(eq(table.active, query.active === 'active'));
    if (query.q) {
      const pattern = containsPattern(query.q.toLowerCase());
      const matches = spec.searchIn(table).map((column) => sql`lower(${column}) like ${pattern}`);
      where.push(sql`(${sql.join(matches, sql` or `)})`);
    }
    const condition = and(...where);
    const rows = await tx
      .select()
      .from(table as PgTable)
      .where(condition)
      .orderBy(asc(sql`lower(${table.code})`))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize);
    const [counted] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(table as PgTable)
      .where(condition);
    return { rows: rows as TRow[], total: counted?.n ?? 0 };
  }

  /** A unique violation can only be the code's index: the list's own message, on the code field. */
  async function guardCode<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error)) throw codeTaken();
      throw error;
    }
  }

  return {
    find,
    lock,
    page,
    toDto: spec.toDto,

    /** GET …: a page of DTOs. */
    async list(tenant: TTenant, query: TCodeListQuery) {
      const { rows, total } = await tenant.run((tx) => page(tx, tenant.companyId, query));
      return { items: rows.map(spec.toDto), total, page: query.page, pageSize: query.pageSize };
    },

    /** GET …/:id */
    async get(tenant: TTenant, id: string): Promise<TDto> {
      const row = await tenant.run((tx) => find(tx, tenant.companyId, id));
      if (!row) throw notFound();
      return spec.toDto(row);
    },

    /** POST … (admins) */
    async create(tenant: TTenant, input: unknown): Promise<TDto> {
      const fields = spec.input.parse(input);
      return guardCode(() =>
        tenant.run(async (tx) => {
          const [inserted] = await tx
            .insert(table)
            .values({ id: uuidv7(), companyId: tenant.companyId, ...fields } as TTable['$inferInsert'])
            .returning();
          const row = spec.toDto(inserted as TRow);
          await recordAudit(tx, tenant.companyId, tenant.actor, {
            entityType: spec.entityType,
            entityId: row.id,
            entityLabel: row.code,
            action: 'created',
            after: audited(row),
          });
          return row;
        }),
      );
    },

    /** PUT …/:id (admins): the whole row, as the form holds it. */
    async update(tenant: TTenant, id: string, input: unknown): Promise<TDto> {
      const fields = spec.input.parse(input);
      return guardCode(() =>
        tenant.run(async (tx) => {
          const found = await lock(tx, tenant.companyId, id);
          if (!found) throw notFound();
          const before = spec.toDto(found);
          const updated = (await tx
            .update(table)
            .set(fields as Partial<TTable['$inferInsert']>)
            .where(byId(tenant.companyId, id))
            .returning()) as unknown as TRow[];
          const after = spec.toDto(updated[0]!);
          await recordAudit(tx, tenant.companyId, tenant.actor, {
            entityType: spec.entityType,
            entityId: id,
            entityLabel: after.code,
            action: 'updated',
            before: audited(before),
            after: audited(after),
          });
          return after;
        }),
      );
    },
  };
}
