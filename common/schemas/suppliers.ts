// Suppliers (decision 070): who a receipt came from, so receipt inspection, sampling history per item and supplier
// and a return to supplier can name them. The shared contract of /api/v1/suppliers: everyone reads the list (a
// receiver picks one), admins keep it. A supplier is never deleted (receipts and lots keep naming it): switched off.
import { z } from 'zod';
import { checkEmail } from '../email.ts';
import { codeListActive, codeListCode, codeListFilterFields, codeListText } from './code-list.ts';
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

/** POST /api/v1/suppliers and PUT /api/v1/suppliers/:id: the supplier's fields, whole. */
export const ZSupplierInputSchema = z.object({
  /** Unique in the company whatever its case. */
  code: codeListCode(SUPPLIER_CODE_MAX, SUPPLIER_MESSAGES.codeShape),
  name: codeListText('Name', SUPPLIER_TEXT_MAX).min(1, requiredMessage('Name')),
  contact: codeListText('Contact', SUPPLIER_TEXT_MAX).default(''),
  /** Optional; when given, a valid address (kept lowercase). */
  email: codeListText('Email', 254)
    .default('')
    .superRefine((value, ctx) => {
      if (value === '') return;
      const problem = checkEmail(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .transform((value) => value.toLowerCase()),
  active: codeListActive(),
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

/** GET /api/v1/suppliers/export.csv: the list's filters, every row. */
export const ZSupplierFilterSchema = z.object(codeListFilterFields);
export type TSupplierFilter = z.infer<typeof ZSupplierFilterSchema>;

/** GET /api/v1/suppliers: a page by code, searched in code, name, contact and e-mail; active ones unless asked. */
export const ZSupplierListQuerySchema = z.object({ ...pageQuery(25, 100), ...codeListFilterFields });
export type TSupplierListQuery = z.infer<typeof ZSupplierListQuerySchema>;
export const ZSupplierPageSchema = pageOf(ZSupplierSchema);
export type TSupplierPage = z.infer<typeof ZSupplierPageSchema>;
