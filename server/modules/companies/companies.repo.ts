// Queries on companies and their label configuration. Tenant functions take companyId and filter by it.
import { eq, sql } from 'drizzle-orm';
import { DEFAULT_LABEL_CONFIG, type TLabelConfig, type TLabelConfigPatch } from '#common/label-config.ts';
import type { TDb } from '../../db/client.ts';
import { companies, companySettings } from './companies.tables.ts';

export type TCompanyRow = typeof companies.$inferSelect;

/** Finds a company by name, ignoring case (system scope: used before anyone is signed in). */
export async function findCompanyByName(db: TDb, name: string): Promise<TCompanyRow | null> {
  const rows = await db
    .select()
    .from(companies)
    .where(sql`lower(${companies.name}) = lower(${name})`)
    .limit(1);
  return rows[0] ?? null;
}

/** The signed-in user's company. */
export async function findCompany(db: TDb, companyId: string): Promise<TCompanyRow | null> {
  const rows = await db.select().from(companies).where(eq(companies.id, companyId)).limit(1);
  return rows[0] ?? null;
}

/** Inserts a company and its default configuration (call inside a transaction). */
export async function insertCompany(
  db: TDb,
  company: { id: string; name: string; planId: string; timezone: string },
  config: TLabelConfig = DEFAULT_LABEL_CONFIG,
): Promise<TCompanyRow> {
  const [row] = await db.insert(companies).values(company).returning();
  await db.insert(companySettings).values({ companyId: company.id, ...toColumns(config) });
  return row!;
}

/** The company's label configuration. */
export async function findLabelConfig(db: TDb, companyId: string): Promise<TLabelConfig | null> {
  const rows = await db
    .select()
    .from(companySettings)
    .where(eq(companySettings.companyId, companyId))
    .limit(1);
  const row = rows[0];
  return row ? labelConfigOf(row) : null;
}

/**
 * The company's settings row, locked: `update` by a change other rules read (lot numbers, which a receipt plan's
 * release checks), `share` by such a rule's reader, so the two take turns (decision 070).
 */
export async function lockLabelConfig(
  db: TDb,
  companyId: string,
  strength: 'update' | 'share',
): Promise<boolean> {
  const rows = await db
    .select({ useLotNumbers: companySettings.useLotNumbers })
    .from(companySettings)
    .where(eq(companySettings.companyId, companyId))
    .limit(1)
    .for(strength);
  return rows[0]?.useLotNumbers ?? true;
}

/** Changes some settings and returns the whole configuration after the change. */
export async function updateLabelConfig(
  db: TDb,
  companyId: string,
  patch: TLabelConfigPatch,
): Promise<TLabelConfig | null> {
  const rows = await db
    .update(companySettings)
    .set({ ...toColumns(patch), updatedAt: new Date() })
    .where(eq(companySettings.companyId, companyId))
    .returning();
  const row = rows[0];
  return row ? labelConfigOf(row) : null;
}

function toColumns(config: Partial<TLabelConfig>) {
  const { height, width, ...flags } = config;
  return {
    ...(height === undefined ? {} : { labelHeight: height }),
    ...(width === undefined ? {} : { labelWidth: width }),
    ...flags,
  };
}

/** A settings row as the label configuration the API speaks. */
export function labelConfigOf(row: typeof companySettings.$inferSelect): TLabelConfig {
  return {
    height: Number(row.labelHeight),
    width: Number(row.labelWidth),
    useLotNumbers: row.useLotNumbers,
    allowBorrowing: row.allowBorrowing,
    enableBuildFeature: row.enableBuildFeature,
    enableTimeFeature: row.enableTimeFeature,
    enableInventoryFeature: row.enableInventoryFeature,
    enableMaintenanceFeature: row.enableMaintenanceFeature,
    enableQualityFeature: row.enableQualityFeature,
    allowReducedInspection: row.allowReducedInspection,
  };
}
