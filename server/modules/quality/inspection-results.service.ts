// Recording an inspection's results (decision 072). The server judges a measurement against its limits and a choice
// against the accepted ones; an out-of-limits reading is recorded only when the inspector confirms it (the screen asks
// to correct or confirm); a failure needs an active defect code of the company and, when the check asks, a photo.
// A result is history (INSERT only, trigger inspection_results_immutable): the same result sent twice — even by two
// inspectors at once — is recorded once; the second gets the first back, or 409 naming what stands when it differs.
import { v7 as uuidv7 } from 'uuid';
import { compareDecimal, normalizeDecimal } from '#common/decimal.ts';
import { AppError } from '#common/errors.ts';
import { kindOf } from '#common/schemas/files.ts';
import {
  inspectionLabel,
  limitsText,
  INSPECTION_MESSAGES as M,
  type TInspectionResult,
  type TResultInput,
  ZResultInputSchema,
} from '#common/schemas/inspections.ts';
import type { TDb } from '../../db/client.ts';
import type { TTenant } from '../../db/tenant.ts';
import { findFile } from '../files/files.repo.ts';
import { resultOf } from './inspection-dto.ts';
import { defectCodeOf, insertResult } from './inspection-results.repo.ts';
import { resultAt, type TResultView } from './inspection-views.repo.ts';
import * as repo from './inspections.repo.ts';
import { checksOfVersion, type TCheckRow } from './plan-in-force.repo.ts';

const bad = (field: string, message: string) => new AppError('BAD_REQUEST', message, { [field]: message });
const notFound = (field: string, message: string) => new AppError('NOT_FOUND', message, { [field]: message });

/** What the input says, judged: passed, and the value or choice stored. */
interface TJudged {
  passed: boolean;
  value: string | null;
  choice: string | null;
  confirmed: boolean;
}

function judge(check: TCheckRow, input: ReturnType<typeof ZResultInputSchema.parse>): TJudged {
  if (check.kind === 'measurement') {
    if (input.value === undefined) throw bad('value', M.valueNeeded);
    const value = normalizeDecimal(input.value);
    const lower = check.lowerLimit === null ? null : normalizeDecimal(check.lowerLimit);
    const upper = check.upperLimit === null ? null : normalizeDecimal(check.upperLimit);
    const within =
      (lower === null || compareDecimal(lower, value) <= 0) &&
      (upper === null || compareDecimal(value, upper) <= 0);
    if (within) return { passed: true, value, choice: null, confirmed: false };
    if (!input.confirmed) {
      const unit = check.unit ? ` ${check.unit}` : '';
      const message = M.outOfLimits(`${value}${unit}`, limitsText(lower, upper, check.unit));
      throw new AppError('CONFLICT', message, { value: message });
    }
    return { passed: false, value, choice: null, confirmed: true };
  }
  if (check.kind === 'choice') {
    if (!input.choice) throw bad('choice', M.choiceNeeded);
    if (!(check.choices ?? []).includes(input.choice)) throw bad('choice', M.choiceUnknown);
    const passed = (check.acceptedChoices ?? []).includes(input.choice);
    return { passed, value: null, choice: input.choice, confirmed: false };
  }
  if (input.passed === undefined) throw bad('passed', M.passedNeeded);
  return { passed: input.passed, value: null, choice: null, confirmed: false };
}

/** A defect code and a photo named by the input must be the company's (404 otherwise), the code on, the photo a picture. */
async function checkRefs(
  tx: TDb,
  companyId: string,
  input: { defectCodeId: string | null; photoFileId: string | null },
) {
  if (input.defectCodeId) {
    const code = await defectCodeOf(tx, companyId, input.defectCodeId);
    if (!code) throw notFound('defectCodeId', M.defectCodeNotFound);
    if (!code.active) throw bad('defectCodeId', M.defectCodeInactive);
  }
  if (input.photoFileId) {
    const file = await findFile(tx, companyId, input.photoFileId);
    if (!file) throw notFound('photoFileId', M.photoNotFound);
    if (kindOf(file.contentType) !== 'image') throw bad('photoFileId', M.photoNotPicture);
  }
}

/** Whether a recorded result says what this request says. */
function sameResult(
  row: TResultView,
  wanted: TJudged & { defectCodeId: string | null; note: string; photoFileId: string | null },
) {
  return (
    row.passed === wanted.passed &&
    (row.value === null ? null : normalizeDecimal(row.value)) === wanted.value &&
    row.choice === wanted.choice &&
    row.defectCodeId === wanted.defectCodeId &&
    row.note === wanted.note &&
    row.photoFileId === wanted.photoFileId &&
    row.confirmed === wanted.confirmed
  );
}

function standing(check: TCheckRow, row: TResultView): string {
  const what = `Unit ${row.unitNo}${check.kind === 'measurement' ? `, reading ${row.readingNo},` : ''} of ${check.name}`;
  const reads =
    row.value !== null ? normalizeDecimal(row.value) : (row.choice ?? (row.passed ? 'pass' : 'fail'));
  return M.differs(what, `${reads}, ${row.passed ? 'passed' : 'failed'}, by ${row.recordedBy}`);
}

/** POST /api/v1/inspections/:id/results: the result and whether this request recorded it. */
export async function recordResult(
  tenant: TTenant,
  inspectionId: string,
  raw: TResultInput,
): Promise<{ result: TInspectionResult; created: boolean }> {
  const input = ZResultInputSchema.parse(raw);
  const { companyId } = tenant;
  return tenant.run(async (tx) => {
    // Shared: results of one inspection go in side by side; finishing (for update) waits for them.
    const inspection = await repo.lockInspection(tx, companyId, inspectionId, 'share');
    if (!inspection) throw new AppError('NOT_FOUND', M.notFound);
    if (inspection.status !== 'open')
      throw new AppError('CONFLICT', M.notOpen(inspectionLabel(inspection.number), inspection.status));
    const check = (await checksOfVersion(tx, companyId, inspection.planVersionId)).find(
      (c) => c.id === input.checkId,
    );
    if (!check) throw notFound('checkId', M.checkNotFound);
    if (input.unitNo > inspection.sampleSize) throw bad('unitNo', M.unitOutOfRange(inspection.sampleSize));
    const readings = check.kind === 'measurement' ? check.readingsPerUnit : 1;
    if (input.readingNo > readings) throw bad('readingNo', M.readingOutOfRange(readings));
    await checkRefs(tx, companyId, input);
    const judged = judge(check, input);
    if (!judged.passed && !input.defectCodeId) throw bad('defectCodeId', M.defectCodeNeeded);
    if (!judged.passed && check.photoOnFail && !input.photoFileId) throw bad('photoFileId', M.photoNeeded);
    const wanted = {
      ...judged,
      defectCodeId: input.defectCodeId,
      note: input.note,
      photoFileId: input.photoFileId,
    };
    const key = { inspectionId, checkId: check.id, unitNo: input.unitNo, readingNo: input.readingNo };
    const inserted = await insertResult(tx, {
      id: uuidv7(),
      companyId,
      ...key,
      ...wanted,
      recordedBy: tenant.actor.name,
    });
    const row = (await resultAt(tx, companyId, key))!;
    if (!inserted && !sameResult(row, wanted)) {
      const message = standing(check, row);
      throw new AppError('CONFLICT', message, { unitNo: message });
    }
    return { result: resultOf(row), created: inserted };
  });
}
