// What a held lot still waits for before a disposition or an inspection releases it (decision 073, 2026-11-30): every
// nonconformance on it decided in full, the inspection that held it finished, and — unless that inspection passed,
// vouching for the lot — every unit it holds covered by a decision that keeps it (use as is, rework) made since the
// hold began, or still to be decided by a nonconformance. The server releases on an empty answer; the screens say
// what is left and predict a disposition's effect.
import { compareDecimal, fromScaled, toScaled } from '../decimal.ts';

const SCALE = 6;

/** The facts of a held lot that decide its release. Quantities are decimal texts in the item's unit. */
export interface TLotHoldFacts {
  /** What the lot holds now, in all its locations. */
  onHand: string;
  /** Its nonconformances not closed with some quantity still undecided. */
  undecided: { id: string; numberText: string; quantity: string }[];
  /** The inspection whose hold this is, while it is still open. */
  openInspection: { id: string; label: string } | null;
  /** Whether the inspection whose hold this is passed: it judged the lot, so no unit waits for a decision. */
  vouched: boolean;
  /** Units decided to stay (use as is, rework) by the lot's nonconformances since the hold began. */
  judged: string;
}

export type TLotWait =
  | { kind: 'nonconformance'; id: string; numberText: string; quantity: string }
  | { kind: 'inspection'; id: string; label: string }
  | { kind: 'unjudged'; quantity: string };

/** What the lot still waits for; empty when it may be released. */
export function lotHoldWaits(facts: TLotHoldFacts): TLotWait[] {
  const waits: TLotWait[] = facts.undecided
    .filter((n) => compareDecimal(n.quantity, '0') > 0)
    .map((n) => ({ kind: 'nonconformance', id: n.id, numberText: n.numberText, quantity: n.quantity }));
  if (facts.openInspection) waits.push({ kind: 'inspection', ...facts.openInspection });
  if (!facts.vouched) {
    // Units a nonconformance still has to decide are waited for under its number, not twice.
    const pending = facts.undecided.reduce((sum, n) => sum + toScaled(n.quantity, SCALE), 0n);
    const rest = toScaled(facts.onHand, SCALE) - toScaled(facts.judged, SCALE) - pending;
    if (rest > 0n) waits.push({ kind: 'unjudged', quantity: fromScaled(rest, SCALE) });
  }
  return waits;
}

/** The facts after a disposition of `quantity` of nonconformance `ncId`: what it takes out or keeps. */
export function factsAfterDisposition(
  facts: TLotHoldFacts,
  ncId: string,
  disposition: 'scrap' | 'rework' | 'use_as_is' | 'return_to_supplier',
  quantity: string,
): TLotHoldFacts {
  const q = toScaled(quantity, SCALE);
  const minus = (v: string) => {
    const left = toScaled(v, SCALE) - q;
    return fromScaled(left < 0n ? 0n : left, SCALE);
  };
  const takesOut = disposition === 'scrap' || disposition === 'return_to_supplier';
  return {
    ...facts,
    undecided: facts.undecided.map((n) => (n.id === ncId ? { ...n, quantity: minus(n.quantity) } : n)),
    onHand: takesOut ? minus(facts.onHand) : facts.onHand,
    judged: takesOut ? facts.judged : fromScaled(toScaled(facts.judged, SCALE) + q, SCALE),
  };
}

/** The waits in words, for a hold's reason and the screens: "NC-000005 (4 undecided), inspection INS-000003". */
export function lotWaitsText(waits: readonly TLotWait[], unit: string): string {
  return waits
    .map((w) =>
      w.kind === 'nonconformance'
        ? `${w.numberText} (${w.quantity} ${unit} undecided)`
        : w.kind === 'inspection'
          ? `inspection ${w.label}`
          : `a decision on ${w.quantity} ${unit} no nonconformance covers`,
    )
    .join(', ');
}

/**
 * The lot page's line under a hold that an inspection or a nonconformance keeps (decision 073): "Waiting for NC-000005
 * (4 ea undecided). It comes off hold by itself once these are done.", or what to do for stock no nonconformance
 * covers. Null for a hold by hand
 * with nothing of the kind behind it (an admin releases that one) and for one that waits for nothing more.
 */
export function heldLotWaiting(facts: TLotHoldFacts, unit: string): string | null {
  // While its inspection is open, the units no decision covers are that inspection's to judge: not said twice.
  const waits = lotHoldWaits(facts).filter((w) => !(facts.openInspection && w.kind === 'unjudged'));
  if (!waits.some((w) => w.kind !== 'unjudged')) return null;
  const after = waits.some((w) => w.kind === 'unjudged')
    ? 'For stock no nonconformance covers, open one for it, or an admin releases the lot once it is judged.'
    : 'It comes off hold by itself once these are done.';
  return `Waiting for ${lotWaitsText(waits, unit)}. ${after}`;
}
