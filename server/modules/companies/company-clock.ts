// The company's clock on the server: its time zone and today's date there. Due dates, printed label dates and the
// date in an export's file name are the company's day, not the server's or UTC's (decision 040).
import { safeTimeZone, todayIn } from '#common/time/calendar.ts';
import type { TDb } from '../../db/client.ts';
import { findCompany } from './companies.repo.ts';

/** The company's IANA zone; UTC for a zone this runtime does not know (never a crash). */
export async function companyTimeZone(tx: TDb, companyId: string): Promise<string> {
  const company = await findCompany(tx, companyId);
  return safeTimeZone(company?.timezone);
}

/** Today (YYYY-MM-DD) in the company's time zone. */
export async function companyToday(tx: TDb, companyId: string): Promise<string> {
  return todayIn(await companyTimeZone(tx, companyId));
}
