// What the Time API tests share (decision 080): a company on a chosen time zone with jobs (open, and one closed),
// its admin and people signed in through the real sign-in, and an app clock the tests move, so instants and days are
// exact. Jobs are written as the jobs service writes them (number, name, status), since Time only names them.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { companies } from '../../server/modules/companies/companies.tables.ts';
import { jobs } from '../../server/modules/jobs/jobs.tables.ts';
import type { TTestApp } from './test-app.ts';
import { client } from './work-orders-shop.ts';

export type TTimeClient = ReturnType<typeof client> & { userId: string; cookie: string };

export interface TTimeShop {
  companyId: string;
  admin: TTimeClient;
  /** A new person of the company, signed in (role user unless said). */
  person(name: string, role?: 'user' | 'admin'): Promise<TTimeClient>;
  /** An open job (JOB-00000n) and a closed one. */
  jobs: { open: string; other: string; closed: string };
}

/** The company `name` on `timeZone`, with its admin signed in and three jobs. */
export async function timeShopOf(t: TTestApp, name: string, timeZone: string): Promise<TTimeShop> {
  const tag = randomUUID().slice(0, 8);
  const signedIn = async (first: string, role: 'user' | 'admin'): Promise<TTimeClient> => {
    const cookie = await t.signIn({
      email: `${first.toLowerCase()}.${tag}@time.test`,
      role,
      companyName: name,
      firstName: first,
      lastName: 'Clock',
    });
    const c = client(t, cookie);
    const session = await c.ok('GET', '/api/v1/session');
    return { ...c, cookie, userId: session.user.id as string };
  };
  const admin = await signedIn('Ada', 'admin');
  const session = await admin.ok('GET', '/api/v1/session');
  const companyId = session.user.companyId as string;
  const db = t.database.db;
  await db.update(companies).set({ timezone: timeZone }).where(eq(companies.id, companyId));
  const job = async (number: number, jobName: string, status: 'open' | 'closed') => {
    const id = uuidv7();
    await db.insert(jobs).values({
      id,
      companyId,
      number,
      name: jobName,
      status,
      createdBy: 'Time test',
      closedAt: status === 'closed' ? new Date() : null,
    });
    return id;
  };
  const shopJobs = {
    open: await job(1, 'Pump housings', 'open'),
    other: await job(2, 'Valve bodies', 'open'),
    closed: await job(3, 'Old bracket run', 'closed'),
  };
  return { companyId, admin, person: (first, role = 'user') => signedIn(first, role), jobs: shopJobs };
}
