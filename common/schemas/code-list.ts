// The contract parts every company code list shares (decision 075: suppliers, defect codes): a trimmed text field
// with its limit named, the code's shape, and the list's search and status filter.
import { z } from 'zod';
import { requiredMessage } from './numbers.ts';

/** Trimmed text of at most `max` characters; messages name the field. */
export const codeListText = (field: string, max: number) =>
  z
    .string({ error: `${field} must be text` })
    .trim()
    .max(max, `${field} must be at most ${max} characters`);

/** The code: required, at most `max` characters, letters and digits with dots, dashes and underscores. */
export const codeListCode = (max: number, shapeMessage: string) =>
  codeListText('Code', max)
    .min(1, requiredMessage('Code'))
    .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, shapeMessage);

/** Off: kept for the history that names it, no longer offered for new use. */
export const codeListActive = () => z.boolean({ error: 'Active must be true or false' }).default(true);

/** The list's filters: text searched anywhere, and which rows by status (switched-on ones unless asked). */
export const codeListFilterFields = {
  q: z.string().trim().max(100, 'Search must be at most 100 characters').default(''),
  active: z
    .enum(['active', 'inactive', 'all'], { error: 'Choose active, inactive or all' })
    .default('active'),
};
export const ZCodeListFilterSchema = z.object(codeListFilterFields);
export type TCodeListFilter = z.infer<typeof ZCodeListFilterSchema>;
