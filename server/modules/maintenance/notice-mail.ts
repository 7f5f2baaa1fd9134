// The words of maintenance mail (decision 058): plain text, a subject that says what and when, the machine and plan,
// the due date as a day of the company's calendar, and a link to the screen where the work is done.
import { Temporal } from 'temporal-polyfill';
import type { TOutgoingMail } from '../../mail/outbox.ts';

/** An open PM as a reminder names it. */
export interface TNoticeOccurrence {
  id: string;
  planTitle: string;
  machineName: string;
  assetTag: string;
  dueOn: string | null;
  dueReading: string | null;
}

/** A breakdown as its alert names it. */
export interface TNoticeBreakdown {
  id: string;
  number: number;
  machineName: string;
  assetTag: string;
  problem: string;
  priority: string;
  reportedBy: string;
}

const SIGNATURE = [
  '',
  '--',
  'Forgeboard sends this because you are a maintenance e-mail recipient of your company.',
  'An admin can change who receives these under Maintenance > Email Settings.',
];

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/**
 * "Tuesday, December 15, 2026": a day of the company's calendar, with no time and no zone to misread, in the app's
 * US English as the screens write dates (decision 040). Spelled from Temporal's fields rather than Intl, whose
 * punctuation differs between ICU versions.
 */
export function longDate(date: string): string {
  const d = Temporal.PlainDate.from(date);
  return `${WEEKDAYS[d.dayOfWeek - 1]}, ${MONTHS[d.month - 1]} ${d.day}, ${d.year}`;
}

const machineOf = (o: { machineName: string; assetTag: string }) => `${o.machineName} (${o.assetTag})`;
const dueText = (o: TNoticeOccurrence) =>
  [o.dueOn ? longDate(o.dueOn) : null, o.dueReading ? `at ${o.dueReading} runtime hours` : null]
    .filter(Boolean)
    .join(' or ');
const calendarLink = (appUrl: string, date: string | null) =>
  `${appUrl}/maintenance/pm-calendar${date ? `?date=${date}` : ''}`;

function mail(to: string[], companyId: string, subject: string, lines: string[]): TOutgoingMail[] {
  const text = [...lines, ...SIGNATURE].join('\n');
  // One line, at most 300 characters (the outbox's rule): a long plan title is cut, never the mail refused.
  const oneLine = subject.replace(/\s+/g, ' ').slice(0, 300);
  return to.map((address) => ({ to: address, subject: oneLine, text, kind: 'maintenance', companyId }));
}

export function dueSoonMail(to: string[], companyId: string, appUrl: string, o: TNoticeOccurrence) {
  return mail(
    to,
    companyId,
    `Maintenance due ${o.dueOn ? longDate(o.dueOn) : 'soon'}: ${o.planTitle} on ${o.machineName}`,
    [
      `${o.planTitle} on ${machineOf(o)} is due ${dueText(o)}.`,
      '',
      `Plan it and complete it from the PM calendar: ${calendarLink(appUrl, o.dueOn)}`,
    ],
  );
}

export function overdueMail(
  to: string[],
  companyId: string,
  appUrl: string,
  o: TNoticeOccurrence,
  today: string,
) {
  return mail(to, companyId, `Overdue maintenance: ${o.planTitle} on ${o.machineName}`, [
    `${o.planTitle} on ${machineOf(o)} was due ${dueText(o)} and is not done yet (today is ${longDate(today)}).`,
    '',
    `Complete it from the PM calendar, or record why it waits: ${calendarLink(appUrl, o.dueOn)}`,
  ]);
}

export function breakdownMail(to: string[], companyId: string, appUrl: string, b: TNoticeBreakdown) {
  return mail(to, companyId, `Breakdown #${b.number} (${b.priority}): ${b.machineName}`, [
    `${b.reportedBy} reported ${machineOf(b)} broken down, priority ${b.priority}.`,
    '',
    `Problem: ${b.problem}`,
    '',
    `Work it and resolve it here: ${appUrl}/maintenance/machine-fix?id=${b.id}`,
  ]);
}

/** The day's digest: what is overdue, due and due soon, and the breakdowns still open. */
export function digestMail(
  to: string[],
  companyId: string,
  appUrl: string,
  today: string,
  parts: { overdue: TNoticeOccurrence[]; due: TNoticeOccurrence[]; openBreakdowns: TNoticeBreakdown[] },
) {
  const pm = (o: TNoticeOccurrence) => `- ${o.planTitle} on ${machineOf(o)}, due ${dueText(o)}`;
  const section = (title: string, rows: string[]) => (rows.length ? [title, ...rows, ''] : []);
  const counts = [
    `${parts.overdue.length} overdue`,
    `${parts.due.length} due`,
    `${parts.openBreakdowns.length} open breakdown${parts.openBreakdowns.length === 1 ? '' : 's'}`,
  ].join(', ');
  return mail(to, companyId, `Maintenance for ${longDate(today)}: ${counts}`, [
    `Maintenance for ${longDate(today)}.`,
    '',
    ...section('Overdue:', parts.overdue.map(pm)),
    ...section('Due now or soon:', parts.due.map(pm)),
    ...section(
      'Open breakdowns:',
      parts.openBreakdowns.map((b) => `- #${b.number} ${machineOf(b)} (${b.priority}): ${b.problem}`),
    ),
    `PM calendar: ${calendarLink(appUrl, today)}`,
    `Breakdowns: ${appUrl}/maintenance/machine-fix`,
  ]);
}

export function testMail(to: string[], companyId: string, appUrl: string, companyName: string) {
  return mail(to, companyId, `Test e-mail from Forgeboard maintenance (${companyName})`, [
    `This is a test of ${companyName}'s maintenance e-mail. If you can read it, reminders of due and overdue`,
    'maintenance, breakdown alerts and the daily digest will reach you at this address.',
    '',
    `The settings: ${appUrl}/maintenance/email-settings`,
  ]);
}
