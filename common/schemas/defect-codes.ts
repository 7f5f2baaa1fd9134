// Defect codes (decision 070): one list per company for inspection failures and build scrap, so both land in one
// Pareto. The shared contract of /api/v1/defect-codes: everyone reads the list (operators pick a code), admins keep it.
import { z } from 'zod';
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

const text = (field: string, max = DEFECT_TEXT_MAX) =>
  z
    .string({ error: `${field} must be text` })
    .trim()
    .max(max, `${field} must be at most ${max} characters`);

/** POST /api/v1/defect-codes and PUT /api/v1/defect-codes/:id: the code's fields, whole. */
export const ZDefectCodeInputSchema = z.object({
  /** Unique in the company whatever its case: what people say and what the Pareto's bars read. */
  code: text('Code', DEFECT_CODE_MAX)
    .min(1, requiredMessage('Code'))
    .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, DEFECT_CODE_MESSAGES.codeShape),
  name: text('Name').min(1, requiredMessage('Name')),
  category: text('Category', 60).default(''),
  severity: ZDefectSeveritySchema.default('major'),
  /** Off: kept for the history it names, no longer offered for new results. */
  active: z.boolean({ error: 'Active must be true or false' }).default(true),
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
  q: z.string().trim().max(100, 'Search must be at most 100 characters').default(''),
  active: z
    .enum(['active', 'inactive', 'all'], { error: 'Choose active, inactive or all' })
    .default('active'),
});
export type TDefectCodeListQuery = z.infer<typeof ZDefectCodeListQuerySchema>;
export const ZDefectCodePageSchema = pageOf(ZDefectCodeSchema);
export type TDefectCodePage = z.infer<typeof ZDefectCodePageSchema>;
