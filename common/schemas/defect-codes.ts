// Defect codes (decision 070): one list per company for inspection failures and build scrap, so both land in one
// Pareto. The shared contract of /api/v1/defect-codes: everyone reads the list (operators pick a code), admins keep it.
import { z } from 'zod';
import { codeListActive, codeListCode, codeListFilterFields, codeListText } from './code-list.ts';
import { requiredMessage } from './numbers.ts';
import { pageOf, pageQuery } from './paging.ts';

export const DEFECT_SEVERITIES = ['minor', 'major', 'critical'] as const;
export const ZDefectSeveritySchema = z.enum(DEFECT_SEVERITIES, { error: 'Choose minor, major or critical' });
export type TDefectSeverity = z.infer<typeof ZDefectSeveritySchema>;

export const DEFECT_CODE_MAX = 20;
export const DEFECT_TEXT_MAX = 120;

export const DEFECT_CODE_MESSAGES = {
  notFound: 'No such defect code in your company.',
  codeTaken: 'Another defect code already has this code.',
  codeShape: 'Letters, digits, dots, dashes and underscores, starting with a letter or digit (e.g. SCR-01)',
} as const;

/** POST /api/v1/defect-codes and PUT /api/v1/defect-codes/:id: the code's fields, whole. */
export const ZDefectCodeInputSchema = z.object({
  /** Unique in the company whatever its case: what people say and what the Pareto's bars read. */
  code: codeListCode(DEFECT_CODE_MAX, DEFECT_CODE_MESSAGES.codeShape),
  name: codeListText('Name', DEFECT_TEXT_MAX).min(1, requiredMessage('Name')),
  category: codeListText('Category', 60).default(''),
  severity: ZDefectSeveritySchema.default('major'),
  /** Off: kept for the history it names, no longer offered for new results. */
  active: codeListActive(),
});
export type TDefectCodeInput = z.input<typeof ZDefectCodeInputSchema>;

export const ZDefectCodeSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  category: z.string(),
  severity: ZDefectSeveritySchema,
  active: z.boolean(),
  createdAt: z.string(),
});
export type TDefectCode = z.infer<typeof ZDefectCodeSchema>;

/** GET /api/v1/defect-codes: a page by code, searched in code, name and category; active ones unless asked. */
export const ZDefectCodeListQuerySchema = z.object({
  ...pageQuery(50, 200),
  ...codeListFilterFields,
});
export type TDefectCodeListQuery = z.infer<typeof ZDefectCodeListQuerySchema>;
export const ZDefectCodePageSchema = pageOf(ZDefectCodeSchema);
export type TDefectCodePage = z.infer<typeof ZDefectCodePageSchema>;
