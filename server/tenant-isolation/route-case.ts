// What server/tenant-isolation.api.test.ts and the modules of its cases (build-cases.ts) share: a request as the
// test sends it and the shape of one route's cross-company case.
import type { LightMyRequestResponse } from 'fastify';
import type { TTestApp } from '../../tests/setup/test-app.ts';

export interface TRequest {
  method: 'GET' | 'HEAD' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  url: string;
  payload?: unknown;
  cookie?: string;
}

/** How a route relates to company data. */
export type TRouteKind =
  /** No company data: health, API docs, the account flows before a session exists. */
  | 'public'
  /** Answers only about the caller's own user or session. */
  | 'session'
  /** Reads or changes the caller's company's data. */
  | 'tenant'
  /** Installation-wide data of every company: sysadmins only, refused to any company's admin. */
  | 'sysadmin';

export interface TRouteCase {
  kind: TRouteKind;
  /** What B tries, in a few words (also the route table of the report). */
  attempt: string;
  probe(): Promise<void>;
}

/** A company as the cases need it: its id and its admin's session cookie. */
export interface TCompanyRef {
  companyId: string;
  cookie: string;
}

/** What the main test hands a module of cases (its values exist only once its beforeAll has run). */
export interface TCaseHelpers {
  /** The app under test. */
  app: () => TTestApp;
  /** Company A (whose data B tries) and company B (whose admin tries it). */
  a: () => TCompanyRef;
  b: () => TCompanyRef;
  /** A request as the browser of `cookie` sends it. */
  send: (request: TRequest) => Promise<LightMyRequestResponse>;
  /** B's admin sends it; the test fails if the answer carries anything of A's. */
  asB: (request: Omit<TRequest, 'cookie'>) => Promise<LightMyRequestResponse>;
}
