// Fuzzing every operation the app has: the operations come from its own OpenAPI document (and better-auth's endpoint
// table for /api/auth/*), so a route added later is fuzzed without changing this file. Each operation gets fixed
// malformed requests (bad JSON, wrong content type, oversized and deeply nested bodies, hostile path and query
// values) and then seeded fast-check requests built from its JSON schemas, signed out and signed in as a user, an
// admin and a sysadmin. Nothing may answer 5xx; NUL and lone surrogates in any string field get a 400 naming the
// field (server/plugins/input-guard.ts). Reproducing a failure: docs/decisions/035-input-guard-and-fuzz.md.
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiTestBrowser,
  createApiTestCompany,
  type TApiRequest,
  type TApiTestCompany,
} from '../tests/setup/api-test-company.ts';
import {
  describeRequest,
  exampleRequest,
  malformedRequests,
  poisonedRequests,
  requestArbitrary,
} from '../tests/setup/fuzz-requests.ts';
import {
  betterAuthOperations,
  operationsOf,
  type TOpenApiDocument,
  type TOperation,
} from '../tests/setup/openapi.ts';
import { createTestApp } from '../tests/setup/test-app.ts';
import { AUTH_BASE_PATH } from './modules/auth/auth.ts';

/** The run's seed (FUZZ_SEED=<n> to try another); each operation and browser derive their own from it. */
const SEED = Number(process.env.FUZZ_SEED ?? 20261124);

/**
 * How long the seeded requests of the whole file may take, shared out over the operations so that the file's time
 * stays put as routes are added (FUZZ_TIME_SCALE=10 hunts ten times longer). A slower machine sends a shorter
 * prefix of the same sequence; a failure prints its request either way.
 */
const FUZZ_MS = 10_000 * Number(process.env.FUZZ_TIME_SCALE ?? 1);
/** How that time is split between the browsers: the admin reaches the most code. */
const SHARES = { signedOut: 0.2, user: 0.15, admin: 0.5, sysadmin: 0.15 } as const;

const t = await createTestApp();
const operations: TOperation[] = [
  ...operationsOf(t.app.swagger() as TOpenApiDocument),
  ...betterAuthOperations(t.app.auth.api as Record<string, unknown>, AUTH_BASE_PATH),
];
let company: TApiTestCompany;
beforeAll(async () => {
  company = await createApiTestCompany(t, {
    name: 'Fuzz Forge',
    code: 'FZ',
    csrf: 'f0'.repeat(32),
    stock: '10',
  });
}, 60_000);
// One operation's accepted change (an area switched off, a smaller plan, a session ended) must not turn the next
// one's requests into 403s or 401s before they reach its service.
afterEach(async () => {
  await company?.restore();
});
afterAll(async () => {
  await t?.close();
});

function seedOf(name: string): number {
  let hash = SEED | 0;
  for (const char of name) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0;
  return hash;
}

/** As many runs as fit the share of time at the pace requests have had so far: at least 2, at most 100. */
function runsFor(share: number): number {
  const { requests, ms } = ApiTestBrowser.timing;
  const budget = (FUZZ_MS * share) / operations.length;
  return Math.max(2, Math.min(100, Math.floor(budget / (requests > 0 ? ms / requests : 10))));
}

it('reads the operations from the app: its OpenAPI document and better-auth', () => {
  expect(operations.length).toBeGreaterThan(70);
  expect(operations.map((o) => o.name)).toEqual(
    expect.arrayContaining(['POST /api/v1/stock/transactions', 'POST /api/auth/sign-out (better-auth)']),
  );
});

describe.each(operations)('$name', (operation) => {
  it('answers malformed, oversized and hostile input with a 4xx, never a 5xx, whoever sends it', async () => {
    const failures: string[] = [];
    const send = async (who: keyof typeof SHARES, request: TApiRequest, run = 'fixed') => {
      const response = await company.browsers[who].send(request);
      if (response.statusCode >= 500) {
        failures.push(
          `${who} (${run}): ${describeRequest(request)} → ${response.statusCode} ${response.body.slice(0, 300)}`,
        );
      }
      return response;
    };
    // better-auth answers 404 for the endpoints we closed (auth.ts disabledPaths) before it reads anything: they
    // get the fixed requests and the NUL test (the input guard stands in front of them), not the seeded runs.
    const closed =
      operation.betterAuth &&
      (await send('admin', exampleRequest(operation, company.ids))).statusCode === 404;
    for (const request of malformedRequests(operation, company.ids)) {
      await send('signedOut', request);
      await send('admin', request);
    }
    for (const [who, share] of closed ? [] : (Object.entries(SHARES) as [keyof typeof SHARES, number][])) {
      const seed = seedOf(`${operation.name} ${who}`);
      const requests = fc.sample(requestArbitrary(operation, company.ids), { seed, numRuns: runsFor(share) });
      for (const [index, request] of requests.entries())
        await send(who, request, `seed ${seed}, run ${index}`);
    }
    expect(failures, `${operation.name} answered 5xx:\n${failures.join('\n')}`).toEqual([]);
  });

  it('refuses NUL and a lone surrogate in each string field with a 400 naming that field', async () => {
    for (const { field, request } of poisonedRequests(operation, company.ids)) {
      const response = await company.browsers.admin.send(request);
      expect(response.statusCode, describeRequest(request)).toBe(400);
      expect(response.json(), describeRequest(request)).toMatchObject({
        error: { code: 'VALIDATION', fieldErrors: { [field]: expect.any(String) } },
      });
    }
  });
});
