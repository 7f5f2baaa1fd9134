// The company's clock for every screen: instants are written, and "today" is taken, in the company's time zone
// (GET /api/v1/session's timeZone), never the browser's — a planner abroad and the operators on the floor read the
// same day (decision 040). Screens call useCompanyClock(); the signed-in layout provides the zone. The words are the
// app's locale (APP_LOCALE), the server's messages' too, so a refusal's date reads as the screen's.
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { FALLBACK_TIME_ZONE, safeTimeZone, type TInstantInput, todayIn } from '#common/time/calendar.ts';
import {
  formatCalendarDate,
  formatCalendarMonth,
  formatDateTime,
  formatInstantDate,
  formatTime,
} from '#common/time/format.ts';

/** What a screen needs of the company's clock. */
export interface TCompanyClock {
  /** The IANA zone, e.g. "Asia/Tokyo". */
  timeZone: string;
  /** "Nov 25, 2026, 8:30 AM" on the company's clock. */
  dateTime(instant: TInstantInput): string;
  /** "Nov 25, 2026": the company's date of an instant. */
  date(instant: TInstantInput): string;
  /** "8:30 AM" on the company's clock; "8:30:05 AM" with seconds. */
  time(instant: TInstantInput, options?: { seconds?: boolean }): string;
  /** A calendar date (YYYY-MM-DD, e.g. a due date) as people read it; it has no zone. */
  calendarDate(date: string): string;
  /** A calendar month (YYYY-MM, e.g. a monthly report bucket) as people read it: "Nov 2026". */
  calendarMonth(month: string): string;
  /** Today (YYYY-MM-DD) in the company's zone: the first day a due date may take, the day a report ends. */
  today(): string;
}

/** The clock of a zone; the locale is the app's (APP_LOCALE) unless given (a test may pin another). */
export function companyClock(timeZone: string | null | undefined, locale?: string): TCompanyClock {
  const zone = safeTimeZone(timeZone);
  return {
    timeZone: zone,
    dateTime: (instant) => formatDateTime(instant, zone, locale),
    date: (instant) => formatInstantDate(instant, zone, locale),
    time: (instant, options) => formatTime(instant, zone, locale, options),
    calendarDate: (date) => formatCalendarDate(date, locale),
    calendarMonth: (month) => formatCalendarMonth(month, locale),
    today: () => todayIn(zone),
  };
}

// Outside a company (public pages) nothing is on a company's clock; UTC keeps such a use visible rather than
// silently taking the browser's zone.
const ClockContext = createContext<TCompanyClock>(companyClock(FALLBACK_TIME_ZONE));

/** Gives the screens below the clock of `timeZone` (the signed-in company's). */
export function CompanyClockProvider({
  timeZone,
  locale,
  children,
}: {
  timeZone: string | null | undefined;
  locale?: string;
  children: ReactNode;
}) {
  const clock = useMemo(() => companyClock(timeZone, locale), [timeZone, locale]);
  return <ClockContext.Provider value={clock}>{children}</ClockContext.Provider>;
}

/** The company's clock: its zone and the formatters every screen writes dates with. */
export function useCompanyClock(): TCompanyClock {
  return useContext(ClockContext);
}
