// What the cross-company cases of Build share (server/tenant-isolation/build-order-cases.ts and
// build-floor-cases.ts): company A's and company B's shop-floor fixture (tests/setup/shop-floor.ts), each made once on
// first use, and requests as A or as B that check their status.
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { floorShopOf } from '../../tests/setup/shop-floor.ts';
import type { TCaseHelpers, TRequest } from './route-case.ts';

/** The helpers of the Build cases, over the main test's. */
export function buildCaseKit({ app, a, b, send, asB }: TCaseHelpers) {
  const once = <T>(make: () => Promise<T>) => {
    let made: Promise<T> | undefined;
    return () => {
      made ??= make();
      return made;
    };
  };
  const aShop = once(() => floorShopOf(app(), a().cookie, 'AF'));
  const bShop = once(() => floorShopOf(app(), b().cookie, 'BF'));

  const asA = (method: TRequest['method'], url: string, payload?: object) =>
    send({ method, url, ...(payload ? { payload } : {}), cookie: a().cookie });
  const expectStatus = (response: LightMyRequestResponse, status: number, what: string) => {
    expect(response.statusCode, `${what}: ${response.body}`).toBe(status);
    return response.json();
  };
  const okAsA = async (method: TRequest['method'], url: string, payload?: object, status = 200) =>
    expectStatus(await asA(method, url, payload), status, `A: ${method} ${url}`);
  const okAsB = async (method: TRequest['method'], url: string, payload?: object, status = 200) =>
    expectStatus(await asB({ method, url, ...(payload ? { payload } : {}) }), status, `B: ${method} ${url}`);
  /** B sends it and is refused with 404 (and, when given, the field errors naming what was not found). */
  const refusedToB = async (
    method: TRequest['method'],
    url: string,
    payload?: object,
    fieldErrors?: Record<string, string>,
  ) => {
    const body = expectStatus(
      await asB({ method, url, ...(payload ? { payload } : {}) }),
      404,
      `B: ${method} ${url}`,
    );
    if (fieldErrors) expect(body.error.fieldErrors, `${method} ${url}`).toEqual(fieldErrors);
  };

  return { app, a, b, send, asB, once, aShop, bShop, asA, expectStatus, okAsA, okAsB, refusedToB };
}

export type TBuildCaseKit = ReturnType<typeof buildCaseKit>;
