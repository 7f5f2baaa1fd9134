// Suppliers (decision 070): who a receipt came from, so receipt inspection, sampling history per item and supplier
// and a return to supplier can name them. The shared contract of /api/v1/suppliers: everyone reads the list (a
// receiver picks one), admins keep it. A supplier is never deleted (receipts and lots keep naming it): switched off.
import { z } from 'zod';
import { checkEmail } from '../email.ts';
import { requiredMessage } from './numbers.ts';
import { pageOf, pageQuery } from './paging.ts';

export const SUPPLIER_CODE_MAX = 20;
export const SUPPLIER_TEXT_MAX = 120;

export const SUPPLIER_MESSAGES = {
  notFound: 'No such supplier in your company.',
  inactive: 'This supplier is switched off: switch it on under Suppliers to receive from it.',
  codeTaken: 'Another supplier already has this code.',
  codeShape: 'Letters, digits, dots, dashes and underscores, starting with a letter or digit (e.g. ACME)',
} as const;

const text = (field: string, max = SUPPLIER_TEXT_MAX) =>
  z
    .string({ error: `${field} must be text` })
    .trim()
    .max(max, `${field} must be at most ${max} characters`);

/** POST /api/v1/suppliers and PUT /api/v1/suppliers/:id: the supplier's fields, whole. */
export const ZSupplierInputSchema = z.object({
  /** Unique in the company whatever its case. */
  code: text('Code', SUPPLIER_CODE_MAX)
    .min(1, requiredMessage('Code'))
    .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, SUPPLIER_MESSAGES.codeShape),
  name: text('Name').min(1, requiredMessage('Name')),
  contact: text('Contact').default(''),
  /** Optional; when given, a valid address (kept lowercase). */
  email: text('Email', 254)
    .default('')
    .superRefine((value, ctx) => {
      if (value === '') return;
      const problem = checkEmail(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .transform((value) => value.toLowerCase()),
  active: z.boolean({ error: 'Active must be true or false' }).default(true),
});
export type TSupplierInput = z.input<typeof ZSupplierInputSchema>;

export const ZSupplierSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  contact: z.string(),
  email: z.string(),
  active: z.boolean(),
  createdAt: z.string(),
});
export type TSupplier = z.infer<typeof ZSupplierSchema>;

const filterFields = {
  q: z.string().trim().max(100, 'Search must be at most 100 characters').default(''),
  active: z
    .enum(['active', 'inactive', 'all'], { error: 'Choose active, inactive or all' })
    .default('active'),
};

/** GET /api/v1/suppliers/export.csv: the list's filters, every row. */
export const ZSupplierFilterSchema = z.object(filterFields);
export type TSupplierFilter = z.infer<typeof ZSupplierFilterSchema>;

/** GET /api/v1/suppliers: a page by code, searched in code, name, contact and e-mail; active ones unless asked. */
export const ZSupplierListQuerySchema = z.object({ ...pageQuery(25, 100), ...filterFields });
export type TSupplierListQuery = z.infer<typeof ZSupplierListQuerySchema>;
export const ZSupplierPageSchema = pageOf(ZSupplierSchema);
export type TSupplierPage = z.infer<typeof ZSupplierPageSchema>;
