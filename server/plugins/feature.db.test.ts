// A switched-off area's routes are refused by the server: requireFeature against a real company configuration.
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEATURES } from '#common/label-config.ts';
import { openTestDatabase, type TTestDatabase } from '../../tests/setup/test-database.ts';
import { createCompany } from '../db/seed/factories.ts';
import { tenantFor } from '../db/tenant.ts';
import { systemActor } from '../modules/audit/audit.ts';
import { changeLabelConfig } from '../modules/companies/companies.service.ts';
import { assertFeatureOn } from './feature.ts';

let testDb: TTestDatabase;
beforeAll(async () => {
  testDb = await openTestDatabase();
});
afterAll(async () => {
  await testDb?.database.close();
  await testDb?.dispose();
});

/** A request of a signed-in admin of `companyId`, as requireRole leaves it. */
const requestOf = (companyId: string) =>
  ({
    auth: { companyId, userId: 'u', role: 'admin', email: 'a@b.c', firstName: 'A', lastName: 'B' },
  }) as FastifyRequest;

describe('requireFeature', () => {
  it('lets requests through to an area that is on, and refuses one that is off with 403 and the reason', async () => {
    const db = testDb.database.db;
    const { company } = await createCompany(db);
    // SPEC.md's defaults: maintenance off, the rest on.
    for (const feature of FEATURES) {
      const attempt = assertFeatureOn(db, requestOf(company.id), feature);
      if (feature === 'maintenance') {
        await expect(attempt).rejects.toMatchObject({
          code: 'FEATURE_DISABLED',
          message:
            'Your company has switched the Maintenance area off. An admin can switch it back on under Admin → Config.',
        });
      } else {
        await expect(attempt).resolves.toBeUndefined();
      }
    }
  });

  it('follows a change at once: switched off, the next request is refused; on again, it passes', async () => {
    const db = testDb.database.db;
    const { company } = await createCompany(db);
    const ctx = { companyId: company.id, userId: 'u', role: 'admin' as const };
    await changeLabelConfig(tenantFor(db, ctx, systemActor('test')), { enableInventoryFeature: false });
    await expect(assertFeatureOn(db, requestOf(company.id), 'inventory')).rejects.toMatchObject({
      code: 'FEATURE_DISABLED',
    });
    await changeLabelConfig(tenantFor(db, ctx, systemActor('test')), { enableInventoryFeature: true });
    await expect(assertFeatureOn(db, requestOf(company.id), 'inventory')).resolves.toBeUndefined();
  });

  it("reads the caller's own company only: another company's switch changes nothing", async () => {
    const db = testDb.database.db;
    const { company: a } = await createCompany(db);
    const { company: b } = await createCompany(db, { labelConfig: { enableQualityFeature: false } });
    await expect(assertFeatureOn(db, requestOf(a.id), 'quality')).resolves.toBeUndefined();
    await expect(assertFeatureOn(db, requestOf(b.id), 'quality')).rejects.toMatchObject({
      code: 'FEATURE_DISABLED',
    });
  });
});
