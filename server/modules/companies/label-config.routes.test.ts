// The company label configuration API: who may read and change it, what a change may hold, and tenancy.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInCompany } from '../../../tests/fixtures/companies.ts';
import { SPEC_DEFAULT_LABEL_CONFIG } from '../../../tests/fixtures/spec.ts';
import { createTestApp, type TTestApp } from '../../../tests/setup/test-app.ts';

const URL = '/api/v1/company/label-config';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const companyOf = (name: string) => signInCompany(t, name);

const read = async (cookie: string) => {
  const response = await t.app.inject({ method: 'GET', url: URL, headers: { cookie } });
  expect(response.statusCode).toBe(200);
  return response.json();
};

const patch = (payload: unknown, cookie?: string) =>
  t.app.inject({ method: 'PATCH', url: URL, payload: payload as object, headers: cookie ? { cookie } : {} });

describe('GET /api/v1/company/label-config', () => {
  it("shows a new company SPEC.md's defaults", async () => {
    const { user } = await companyOf('Fresh Start');
    expect(await read(user)).toEqual(SPEC_DEFAULT_LABEL_CONFIG);
  });

  it('refuses a visitor who is not signed in with 401', async () => {
    const response = await t.app.inject({ method: 'GET', url: URL });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('UNAUTHENTICATED');
  });
});

describe('PATCH /api/v1/company/label-config', () => {
  it('lets an admin switch areas and resize labels; every user of the company then sees it', async () => {
    const { admin, user } = await companyOf('Patch Works');
    const change = {
      enableMaintenanceFeature: true,
      enableBuildFeature: false,
      width: 2.5,
      useLotNumbers: false,
    };
    const response = await patch(change, admin);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ...SPEC_DEFAULT_LABEL_CONFIG, ...change });

    expect(await read(user)).toEqual({ ...SPEC_DEFAULT_LABEL_CONFIG, ...change });
    const session = await t.app.inject({ method: 'GET', url: '/api/v1/session', headers: { cookie: user } });
    expect(session.json().labelConfig).toEqual({ ...SPEC_DEFAULT_LABEL_CONFIG, ...change });
  });

  it('lets a system admin change it too', async () => {
    const sysadmin = await t.signIn({ email: 'root@sys.example', role: 'sysadmin', companyName: 'Sys Co' });
    const response = await patch({ allowBorrowing: true }, sysadmin);
    expect(response.statusCode).toBe(200);
    expect((await read(sysadmin)).allowBorrowing).toBe(true);
  });

  it('refuses a plain user with 403 and changes nothing', async () => {
    const { user } = await companyOf('User Only');
    const response = await patch({ enableQualityFeature: false }, user);
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('FORBIDDEN');
    expect(await read(user)).toEqual(SPEC_DEFAULT_LABEL_CONFIG);
  });

  it('refuses a visitor who is not signed in with 401', async () => {
    const response = await patch({ enableQualityFeature: false });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('UNAUTHENTICATED');
  });

  it.each([0.1, 40, -1])(
    'refuses a height of %s inches with 400 naming height, and changes nothing',
    async (height) => {
      const { admin } = await companyOf(`Tall Labels ${height}`);
      const response = await patch({ height, enableTimeFeature: false }, admin);
      expect(response.statusCode).toBe(400);
      const { error } = response.json();
      expect(error.code).toBe('VALIDATION');
      expect(Object.keys(error.fieldErrors)).toEqual(['height']);
      expect(await read(admin)).toEqual(SPEC_DEFAULT_LABEL_CONFIG);
    },
  );

  it('refuses a flag that is not true or false, naming it', async () => {
    const { admin } = await companyOf('Stringly Typed');
    const response = await patch({ enableTimeFeature: 'no' }, admin);
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().error.fieldErrors)).toEqual(['enableTimeFeature']);
  });

  it('refuses an empty change with 400', async () => {
    const { admin } = await companyOf('Nothing To Say');
    const response = await patch({}, admin);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('VALIDATION');
  });
});

describe('tenancy', () => {
  it("lets each company's admin change only their own company's configuration", async () => {
    const a = await companyOf('Alpha Fabrication');
    const b = await companyOf('Beta Machining');

    const bChange = { enableMaintenanceFeature: true, height: 2 };
    expect((await patch(bChange, b.admin)).statusCode).toBe(200);
    expect(await read(b.user)).toEqual({ ...SPEC_DEFAULT_LABEL_CONFIG, ...bChange });
    expect(await read(a.user)).toEqual(SPEC_DEFAULT_LABEL_CONFIG);

    const aChange = { enableInventoryFeature: false, width: 6 };
    expect((await patch(aChange, a.admin)).statusCode).toBe(200);
    expect(await read(a.user)).toEqual({ ...SPEC_DEFAULT_LABEL_CONFIG, ...aChange });
    expect(await read(b.user)).toEqual({ ...SPEC_DEFAULT_LABEL_CONFIG, ...bChange });
  });

  it('takes the company from the session, never from the request body', async () => {
    const a = await companyOf('Gamma Castings');
    const b = await companyOf('Delta Tooling');
    const aCompanyId = (
      await t.app.inject({ method: 'GET', url: '/api/v1/session', headers: { cookie: a.user } })
    ).json().user.companyId;

    const response = await patch({ companyId: aCompanyId, allowBorrowing: true }, b.admin);
    expect(response.statusCode).toBe(200);
    expect((await read(a.user)).allowBorrowing).toBe(false);
    expect((await read(b.user)).allowBorrowing).toBe(true);
  });
});
