// What each move of a job means, in words the confirmation and its result use (decision 079). The words say exactly
// what the server enforces: assertJobOpen refuses new time (clock-ins, typed time, the build floor's and a kiosk's
// clock), stock issues and borrowings charged to the job, and repairs or PMs charged to it; a closed job also refuses
// orders linked to it. Holding or closing stops the clocks running on it (clockOffJob) and changes nothing already
// charged.
import type { TJobStatus } from '#common/schemas/jobs.ts';

/** The button of each move, by where it goes. */
export const MOVE_LABELS: Record<TJobStatus, string> = {
  open: 'Reopen',
  on_hold: 'Put on hold',
  closed: 'Close job',
};

/** The moves asked once more before they are made: those that stop a job taking work. Reopening is not. */
export type TStoppingMove = Exclude<TJobStatus, 'open'>;
export const isAskedFirst = (to: TJobStatus): to is TStoppingMove => to !== 'open';

/** What refusing new work means for a held or closed job, shared by the confirmation and the page's notice. */
const REFUSED =
  'new time (clocking in, typed time, the build floor’s clock), stock issues, borrowings, repairs or PMs';

/** "Omar Operator", "Omar Operator and Ada Admin", "Omar Operator, Bo Berg and Ada Admin". */
function namesOf(people: string[]): string {
  return people.length < 2 ? (people[0] ?? '') : `${people.slice(0, -1).join(', ')} and ${people.at(-1)}`;
}

/**
 * The confirmation of moving `job` ("JOB-000002 Gearbox rebuild") to `to`: its title and what it means, naming the
 * people clocked in on it, whose clocks the move stops.
 */
export function moveQuestion(
  job: string,
  to: TStoppingMove,
  clockedIn: string[],
): { title: string; lines: string[] } {
  const clocks =
    clockedIn.length === 0
      ? 'Nobody is clocked in on it now.'
      : `${namesOf(clockedIn)} ${clockedIn.length === 1 ? 'is' : 'are'} clocked in on it: ${
          clockedIn.length === 1 ? 'that clock stops' : 'those clocks stop'
        } now.`;
  const stays = `${clocks} Its orders, work orders and what is already charged stay as they are.`;
  if (to === 'on_hold')
    return {
      title: `Put ${job} on hold?`,
      lines: [
        `Until it is reopened it takes no ${REFUSED} charged to it. Orders can still be linked to it, and its work orders still run on the floor, without clocking time to it.`,
        stays,
      ],
    };
  return {
    title: `Close ${job}?`,
    lines: [
      `It then takes no ${REFUSED} charged to it, and no orders can be linked to it, until an admin reopens it.`,
      stays,
    ],
  };
}

/** The toast after the move: the job's new state and what it means now, with the clocks it stopped. */
export function moveResult(
  job: string,
  to: TJobStatus,
  clocksStopped = 0,
): { title: string; message: string } {
  const stopped =
    clocksStopped === 0 ? '' : ` ${clocksStopped} clock${clocksStopped === 1 ? '' : 's'} stopped.`;
  if (to === 'on_hold')
    return { title: `${job} is on hold`, message: `It takes no ${REFUSED} until it is reopened.${stopped}` };
  if (to === 'closed')
    return { title: `${job} is closed`, message: `It takes no ${REFUSED} until it is reopened.${stopped}` };
  return { title: `${job} is open again`, message: 'Time, stock and maintenance can be charged to it.' };
}

/** The page's notice on a held or closed job (null when open). */
export function refusalNotice(status: TJobStatus): string | null {
  if (status === 'open') return null;
  return `This job takes no ${REFUSED} charged to it until it is reopened.`;
}
