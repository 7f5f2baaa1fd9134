// Acceptance sampling by MIL-STD-105E single sampling: the code letter from the lot size and inspection level
// (Table I), then the plan of that letter and AQL in the master table of the inspection's severity (II-A, II-B, II-C),
// following the table's arrows. The plan's sample size is the arrow's target's, not the letter's; a sample as large as
// the lot means inspecting every unit (the tables' footnote).
import {
  AQLS,
  INSPECTION_LEVELS,
  TABLE_I,
  TABLE_II_A,
  TABLE_II_B,
  TABLE_II_C,
  type TAql,
  type TCodeLetter,
  type TInspectionLevel,
  type TMasterTable,
} from './sampling-tables.ts';

export type TSeverity = 'normal' | 'tightened' | 'reduced';

export const MASTER_TABLES: Record<TSeverity, TMasterTable> = {
  normal: TABLE_II_A,
  tightened: TABLE_II_B,
  reduced: TABLE_II_C,
};

export interface TSamplingPlan {
  severity: TSeverity;
  /** Table I's letter for the lot size and level. */
  codeLetter: TCodeLetter;
  /** The letter whose plan applies after following an arrow (the same letter when the cell holds a plan). */
  planLetter: TCodeLetter;
  /** Units to inspect: the plan's sample size, at most the lot size. */
  sampleSize: number;
  /** True when the plan's sample size reaches the lot size: every unit is inspected. */
  fullInspection: boolean;
  /** Accept the lot with at most this many defectives (or defects) in the sample. */
  accept: number;
  /** Reject it with at least this many. Above accept + 1 only in reduced inspection (the gap). */
  reject: number;
}

/** Table I: the sample size code letter of a lot of `lotSize` units at `level`. */
export function codeLetterFor(lotSize: number, level: TInspectionLevel): TCodeLetter {
  if (!Number.isInteger(lotSize) || lotSize < 2) {
    throw new RangeError(`Table I starts at a lot of 2 units; ${lotSize} has no code letter.`);
  }
  const column = INSPECTION_LEVELS.indexOf(level);
  if (column < 0) throw new RangeError(`Unknown inspection level ${level}.`);
  let letters = TABLE_I[0]!.letters;
  for (const range of TABLE_I) if (lotSize >= range.from) letters = range.letters;
  return letters[column] as TCodeLetter;
}

type TCell = { kind: 'plan'; accept: number; reject: number } | { kind: 'down' | 'up' | 'blank' };

function cellOf(table: TMasterTable, letter: TCodeLetter, column: number): TCell {
  const row = table.rows[letter];
  const text = row?.split(' ')[column];
  if (text === undefined || text === '-') return { kind: 'blank' };
  if (text === 'v') return { kind: 'down' };
  if (text === '^') return { kind: 'up' };
  const [accept, reject] = text.split('/').map(Number);
  return { kind: 'plan', accept: accept!, reject: reject! };
}

/**
 * The plan in `table` for `letter` at AQL column `column`: the cell's own plan, or the first plan below a "v" arrow
 * or above a "^" arrow in the same column. An arrow in the first or last row can point off the table (105E prints
 * the diagonal's arrows in every row: II-A's row A at AQL 10 points up, row R at 0.015 down); with no plan that way,
 * the nearest plan the other way in the column applies. Decision 069.
 */
export function lookUpPlan(
  table: TMasterTable,
  letter: TCodeLetter,
  column: number,
): { planLetter: TCodeLetter; sampleSize: number; accept: number; reject: number } {
  const letters = Object.keys(table.sampleSizes) as TCodeLetter[];
  const start = letters.indexOf(letter);
  const first = cellOf(table, letter, column);
  if (start < 0 || first.kind === 'blank') {
    throw new RangeError(
      `Table ${table.name} has no plan for code letter ${letter} in column ${column + 1}.`,
    );
  }
  const found = (at: TCodeLetter, cell: { accept: number; reject: number }) => ({
    planLetter: at,
    sampleSize: table.sampleSizes[at]!,
    accept: cell.accept,
    reject: cell.reject,
  });
  if (first.kind === 'plan') return found(letter, first);
  // Walks the column from the arrow's row in `step`'s direction to the first plan; a blank cell ends the column.
  const walk = (step: number) => {
    for (let index = start + step; index >= 0 && index < letters.length; index += step) {
      const cell = cellOf(table, letters[index]!, column);
      if (cell.kind === 'plan') return found(letters[index]!, cell);
      if (cell.kind === 'blank') return null;
    }
    return null;
  };
  const step = first.kind === 'up' ? -1 : 1;
  const plan = walk(step) ?? walk(-step);
  if (!plan)
    throw new RangeError(`Table ${table.name}'s arrow at ${letter}, column ${column + 1}, leads to no plan.`);
  return plan;
}

/** The single sampling plan for a lot: Table I's letter, then the master table of `severity` with its arrows. */
export function samplingPlan(input: {
  lotSize: number;
  level: TInspectionLevel;
  aql: TAql;
  severity: TSeverity;
}): TSamplingPlan {
  const { lotSize, level, aql, severity } = input;
  const column = AQLS.indexOf(aql);
  if (column < 0) throw new RangeError(`${aql} is not one of the standard's AQLs.`);
  const codeLetter = codeLetterFor(lotSize, level);
  const found = lookUpPlan(MASTER_TABLES[severity], codeLetter, column);
  return {
    severity,
    codeLetter,
    planLetter: found.planLetter,
    sampleSize: Math.min(found.sampleSize, lotSize),
    fullInspection: found.sampleSize >= lotSize,
    accept: found.accept,
    reject: found.reject,
  };
}

/**
 * What a lot's sample decides: 'accepted'; 'rejected'; or, in reduced inspection's gap (more than Ac, fewer than Re),
 * 'accepted-back-to-normal' — the lot is accepted and normal inspection is reinstated from the next lot.
 */
export type TLotVerdict = 'accepted' | 'rejected' | 'accepted-back-to-normal';

/** Judges a lot from the defectives (or defects) found in its sample under `plan`. */
export function judgeLot(plan: Pick<TSamplingPlan, 'accept' | 'reject'>, defects: number): TLotVerdict {
  if (!Number.isInteger(defects) || defects < 0) {
    throw new RangeError(`A count of defects is a whole number of at least 0, not ${defects}.`);
  }
  if (defects <= plan.accept) return 'accepted';
  if (defects >= plan.reject) return 'rejected';
  return 'accepted-back-to-normal';
}
