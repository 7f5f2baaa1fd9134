// The API does what its OpenAPI document says (issue 16, decision 037). Every operation of the document (read from
// the app, so a route added later is covered unchanged) gets seeded requests its schemas accept and copies that
// break one constraint each, signed out and as a user, an admin and a sysadmin. It fails on a 5xx, a status the
// operation does not document, a Content-Type or body other than documented (Ajv against the document's schema), a
// valid request refused with VALIDATION (unless the operation documents a rule its schema cannot say), and an
// invalid request accepted. Reproducing a failure: CONTRACT_SEED=<seed in the message> (decision 037).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ZErrorBodySchema } from '#common/schemas/errors.ts';
import { createApiTestCompany, jsonRequest, type TApiTestCompany } from '../tests/setup/api-test-company.ts';
import {
  errorCodeOf,
  invalidRequests,
  responseProblem,
  type TRequestValues,
  validRequests,
} from '../tests/setup/contract-requests.ts';
import { betterAuthOperations, operationsOf, type TOpenApiDocument, urlOf } from '../tests/setup/openapi.ts';
import { createTestApp } from '../tests/setup/test-app.ts';
import { AUTH_BASE_PATH } from './modules/auth/auth.ts';

/** The run's seed; each operation and role derive theirs from it. */
const SEED = Number(process.env.CONTRACT_SEED ?? 20260116);
/** Valid requests per operation and role, and how many broken copies a role sends (the admin sends them all). */
const RUNS = { signedOut: 2, user: 6, sysadmin: 6, admin: 20 } as const;
const INVALID_CAP = { signedOut: 3, user: 6, sysadmin: 6, admin: 60 } as const;
type TWho = keyof typeof RUNS;

const t = await createTestApp();
const operations = operationsOf(t.app.swagger() as TOpenApiDocument);
let company: TApiTestCompany;
beforeAll(async () => {
  // The sysadmin is made as `npm run sysadmin` makes one; the others by the test factories, as an admin would.
  const options = { name: 'Contract Works', code: 'CT', csrf: 'c0'.repeat(32), stock: '50' };
  company = await createApiTestCompany(t, { ...options, bootstrapSysadmin: true });
}, 60_000);
// One operation's accepted change (an area switched off, a smaller plan, a session ended) must not reach the next.
afterEach(async () => {
  await company?.restore();
});
afterAll(async () => {
  await t?.close();
});

/** Per operation: valid requests sent, of them answered 2xx, and broken copies sent (the coverage check reads it). */
const reach = new Map<string, { valid: number; accepted: number; invalid: number }>();

function seedOf(name: string): number {
  let hash = SEED | 0;
  for (const char of name) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0;
  return hash;
}

it('reads every operation from the app', () => {
  expect(operations.length).toBeGreaterThan(70);
});

describe.each(operations)('$name', (operation) => {
  it('answers valid and invalid requests as its document says, whoever sends them', async () => {
    const failures: string[] = [];
    const counts = { valid: 0, accepted: 0, invalid: 0 };
    reach.set(operation.name, counts);
    const send = async (who: TWho, label: string, values: TRequestValues, valid: boolean) => {
      const url = urlOf(operation, values.path, values.query);
      const response = await company.browsers[who].send(jsonRequest(operation.method, url, values.body));
      const problems = [responseProblem(operation, response)];
      const code = errorCodeOf(response);
      if (valid) counts.valid += 1;
      else counts.invalid += 1;
      if (valid && response.statusCode < 300) counts.accepted += 1;
      if (valid && code === 'VALIDATION' && operation.rules.length === 0) {
        problems.push('a request its schema accepts was refused with VALIDATION');
      }
      if (!valid && response.statusCode < 300) problems.push('a request its schema refuses was accepted');
      for (const problem of problems.filter(Boolean)) {
        const body = values.body === undefined ? '' : ` ${JSON.stringify(values.body).slice(0, 400)}`;
        failures.push(
          `${who}, ${label}: ${operation.method} ${url}${body}\n  → ${response.statusCode} ${response.body.slice(0, 300)}\n  ✗ ${problem}`,
        );
      }
    };
    for (const who of ['signedOut', 'user', 'sysadmin', 'admin'] as const) {
      const seed = seedOf(`${operation.name} ${who}`);
      const valid = validRequests(operation, company.ids, seed, RUNS[who]);
      for (const [index, values] of valid.entries())
        await send(who, `valid (seed ${seed}, run ${index})`, values, true);
      for (const broken of invalidRequests(operation, valid).slice(0, INVALID_CAP[who])) {
        await send(who, `invalid (seed ${seed}): ${broken.what}`, broken.value as TRequestValues, false);
      }
      await company.browsers[who].renew();
    }
    expect(failures, `${operation.name}:\n${failures.join('\n')}`).toEqual([]);
    // About seventy requests per operation, some hashing a password (scrypt) or writing a PDF: a fixed amount of work
    // that takes 2-6 s on a quiet 2-core machine and over 15 s (the suite's default) when the machine is shared.
  }, 60_000);
});

// better-auth's endpoints are hidden from the document (ours wrap them), but its answers pass through our route.
it("passes better-auth's answers on with their Content-Type, and answers a path it does not have with our 404", async () => {
  const problems: string[] = [];
  const endpoints = betterAuthOperations(t.app.auth.api as Record<string, unknown>, AUTH_BASE_PATH);
  for (const endpoint of [...endpoints, { method: 'GET', path: `${AUTH_BASE_PATH}/no-such-endpoint` }]) {
    const url = endpoint.path.replace(/\{\w+\}/g, 'x');
    const response = await company.browsers.signedOut.send(
      jsonRequest(endpoint.method, url, endpoint.method === 'POST' ? {} : undefined),
    );
    const type = response.headers['content-type']?.toString() ?? '';
    let json: unknown;
    try {
      json = JSON.parse(response.body);
    } catch {
      json = undefined;
    }
    const where = `${endpoint.method} ${url} → ${response.statusCode} ${response.body.slice(0, 60)}`;
    if (response.body.length > 0 && !type) problems.push(`${where}: a body without Content-Type`);
    if (type.startsWith('application/json') && json === undefined) problems.push(`${where}: not JSON`);
    if (response.statusCode === 404 && !ZErrorBodySchema.safeParse(json).success) problems.push(where);
  }
  expect(problems).toEqual([]);
});

// Last (the file's tests run in order): a schema the generator cannot satisfy would leave its operation untested.
it('sent every operation valid requests, and most operations accepted some', () => {
  const unreached = [...reach].filter(([, c]) => c.valid === 0).map(([name]) => name);
  expect(unreached, 'operations without one valid request').toEqual([]);
  const accepted = [...reach].filter(([, c]) => c.accepted > 0).length;
  const never = [...reach].filter(([, c]) => c.accepted === 0).map(([name]) => name);
  expect(accepted / operations.length, `never accepted:\n${never.join('\n')}`).toBeGreaterThan(0.6);
});
