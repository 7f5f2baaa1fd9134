// MIL-STD-105E's switching rules (4.7) and discontinuation (4.8), applied to one item and supplier's lots in the
// order they were inspected, to tell the severity of the next lot. Decision 069 says why 105E's own rule for going to
// reduced (ten lots accepted, a limit number, steady production, the responsible authority) is used and not the
// switching score that ANSI/ASQ Z1.4-2003 and ISO 2859-1:1999 put in its place.
import type { TLotVerdict, TSeverity } from './sampling.ts';

/** One lot's original inspection, as it was recorded. */
export interface TLotRecord {
  /** The severity the lot was inspected under. */
  severity: TSeverity;
  verdict: TLotVerdict;
  /** Defectives (or defects) found in its sample; used for the limit number of 4.7.3 b when one is given. */
  defects?: number;
  /** A lot resubmitted after rejection: switching counts original inspection only, so it is skipped. */
  resubmitted?: boolean;
  /** The first lot inspected after corrective action ended a discontinuation (4.8): tightened starts afresh. */
  afterCorrectiveAction?: boolean;
}

export interface TSwitchingOptions {
  /**
   * 4.7.3 c and d: production is at a steady rate and the responsible authority considers reduced inspection
   * desirable. Off: never switch to reduced, and a lot on reduced returns to normal (4.7.4 c, d).
   */
  reducedAllowed: boolean;
  /**
   * 4.7.3 b: Table VIII's limit number for the total defectives in the preceding ten lots' samples. Not given: the
   * responsible authority has checked it when setting `reducedAllowed`.
   */
  limitNumber?: number | null;
  /**
   * 4.8: corrective action has been recorded after the last lot of the history. When inspection is discontinued, it
   * resumes at tightened with a fresh stretch (the first lot after it is recorded with `afterCorrectiveAction`).
   */
  correctiveActionSinceLastLot?: boolean;
}

/** Why the next lot's severity changed at the last lot, or null when it carries on. */
export type TSwitchReason =
  | 'two-of-five-rejected'
  | 'five-accepted-under-tightened'
  | 'ten-accepted-under-normal'
  | 'rejected-under-reduced'
  | 'accepted-in-gap-under-reduced'
  | 'reduced-not-allowed'
  | 'five-rejected-under-tightened'
  | 'resumed-after-corrective-action';

export interface TSwitchingState {
  /** The severity of the next lot. */
  severity: TSeverity;
  /**
   * 4.8: five lots rejected in one stretch of tightened inspection. Inspection under the standard stops until
   * corrective action; the next lot (recorded with `afterCorrectiveAction`) is inspected tightened.
   */
  discontinued: boolean;
  /** What the last lot changed, for the screen to say. */
  reason: TSwitchReason | null;
  /** Lots accepted in a row in the current stretch (toward 5 under tightened, 10 under normal). */
  acceptedInARow: number;
  /** Lots rejected in the current stretch of tightened inspection (toward 5: discontinue). */
  rejectedUnderTightened: number;
}

const TIGHTEN_WINDOW = 5; // "2 out of 2, 3, 4 or 5 consecutive lots"
const LOTS_TO_NORMAL = 5;
const LOTS_TO_REDUCED = 10;
const REJECTIONS_TO_DISCONTINUE = 5;

/** The severity for the next lot after `history` (oldest first); a first lot is inspected normal (4.3). */
export function nextSeverity(history: readonly TLotRecord[], options: TSwitchingOptions): TSwitchingState {
  let severity: TSeverity = 'normal';
  let discontinued = false;
  let reason: TSwitchReason | null = null;
  // The current stretch: lots inspected under `severity` since it began.
  let stretch: TLotRecord[] = [];
  let rejectedUnderTightened = 0;
  // The normal stretch the rules just left for reduced, kept until the next lot shows whether reduced was used.
  let normalBeforeReduced: TLotRecord[] | null = null;

  const switchTo = (next: TSeverity, why: TSwitchReason) => {
    severity = next;
    reason = why;
    stretch = [];
    rejectedUnderTightened = 0;
  };

  for (const lot of history) {
    if (lot.resubmitted) continue;
    reason = null;
    // The history is replayed with today's `reducedAllowed`, but 4.7.3 c and d were judged when each lot started
    // (decision 077): a lot inspected normal where the replay would have reduced it was still on normal inspection,
    // so it carries on that normal run — 4.7.3 a counts the preceding lots on normal, whenever the authority approved.
    if (normalBeforeReduced && lot.severity === 'normal' && !lot.afterCorrectiveAction) {
      severity = 'normal';
      stretch = normalBeforeReduced;
    }
    normalBeforeReduced = null;
    // A lot recorded under another severity than the rules gave (set by hand) starts a stretch of its own.
    if (lot.severity !== severity || lot.afterCorrectiveAction) {
      severity = lot.severity;
      stretch = [];
      rejectedUnderTightened = 0;
      discontinued = false;
    }
    stretch.push(lot);
    const rejected = lot.verdict === 'rejected';

    if (severity === 'normal') {
      const recent = stretch.slice(-TIGHTEN_WINDOW);
      if (rejected && recent.filter((l) => l.verdict === 'rejected').length >= 2) {
        switchTo('tightened', 'two-of-five-rejected');
      } else if (options.reducedAllowed && readyForReduced(stretch, options.limitNumber)) {
        normalBeforeReduced = stretch;
        switchTo('reduced', 'ten-accepted-under-normal');
      }
    } else if (severity === 'tightened') {
      if (rejected) rejectedUnderTightened += 1;
      if (rejectedUnderTightened >= REJECTIONS_TO_DISCONTINUE) {
        discontinued = true;
        reason = 'five-rejected-under-tightened';
      } else if (acceptedInARow(stretch) >= LOTS_TO_NORMAL) {
        switchTo('normal', 'five-accepted-under-tightened');
      }
    } else if (rejected) {
      switchTo('normal', 'rejected-under-reduced');
    } else if (lot.verdict === 'accepted-back-to-normal') {
      switchTo('normal', 'accepted-in-gap-under-reduced');
    }
  }

  if (discontinued && options.correctiveActionSinceLastLot) {
    discontinued = false;
    severity = 'tightened';
    reason = 'resumed-after-corrective-action';
    stretch = [];
    rejectedUnderTightened = 0;
  }
  if (severity === 'reduced' && !options.reducedAllowed) {
    severity = 'normal';
    reason = 'reduced-not-allowed';
    stretch = [];
  }
  return {
    severity,
    discontinued,
    reason,
    acceptedInARow: acceptedInARow(stretch),
    rejectedUnderTightened,
  };
}

function acceptedInARow(stretch: readonly TLotRecord[]): number {
  let count = 0;
  for (let i = stretch.length - 1; i >= 0 && stretch[i]!.verdict !== 'rejected'; i--) count += 1;
  return count;
}

/** 4.7.3 a and b: the preceding ten lots on normal all accepted, their defectives within the limit number if one. */
function readyForReduced(stretch: readonly TLotRecord[], limitNumber: number | null | undefined): boolean {
  if (acceptedInARow(stretch) < LOTS_TO_REDUCED) return false;
  if (limitNumber === undefined || limitNumber === null) return true;
  const last = stretch.slice(-LOTS_TO_REDUCED);
  if (last.some((l) => l.defects === undefined)) return false;
  return last.reduce((sum, l) => sum + (l.defects ?? 0), 0) <= limitNumber;
}
