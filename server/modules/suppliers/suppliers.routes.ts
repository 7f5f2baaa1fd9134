// Suppliers (decision 070): the Inventory area must be on. Everyone reads the list (a receiver picks who the goods
// came from); admins add and change suppliers. The routes of a company code list (decision 075), and its CSV
// export and import.
import { z } from 'zod';
import {
  CSV_IMPORT_MAX_CHARS,
  csvImportRefusal,
  ZCsvImportRequestSchema,
} from '#common/schemas/csv-import.ts';
import { ZErrorBodySchema } from '#common/schemas/errors.ts';
import {
  ZSupplierFilterSchema,
  ZSupplierInputSchema,
  ZSupplierListQuerySchema,
  ZSupplierPageSchema,
  ZSupplierSchema,
} from '#common/schemas/suppliers.ts';
import { ZSupplierImportRefusedSchema, ZSupplierImportResultSchema } from '#common/schemas/suppliers-csv.ts';
import { fileResponse } from '../../plugins/api-errors.ts';
import { sendCsv } from '../../plugins/csv-reply.ts';
import { tenantOf, tenantRoutes } from '../../plugins/route-groups.ts';
import { codeListRoutes } from '../code-lists/code-list.routes.ts';
import { supplierList } from './suppliers.service.ts';
import { exportSuppliersCsv } from './suppliers-csv.ts';
import { importSuppliersCsv } from './suppliers-import.ts';

export const supplierRoutes = tenantRoutes({ feature: 'inventory' }, (r) => {
  const tags = ['inventory'];
  r.get(
    '/api/v1/suppliers/export.csv',
    {
      config: { errors: ['BAD_REQUEST'] },
      schema: {
        summary: 'The supplier list with the same filters, every row, as a CSV file (at most 20,000)',
        tags,
        querystring: ZSupplierFilterSchema,
        response: { 200: fileResponse('A CSV file (UTF-8)', ['text/csv']) },
      },
    },
    async (request, reply) => sendCsv(reply, await exportSuppliersCsv(tenantOf(request), request.query)),
  );
  r.post(
    '/api/v1/suppliers/import',
    {
      config: {
        role: 'admin',
        errors: ['CONFLICT'],
        rules: [
          'the CSV file: its header, and each row against the supplier contract (400 with the report beside the error)',
        ],
      },
      // The file travels as a JSON string: up to 5 MB of text, more once escaped.
      bodyLimit: CSV_IMPORT_MAX_CHARS * 2 + 1024,
      schema: {
        summary:
          'Checks a CSV file of suppliers (preview) or imports it — new codes added, known ones changed — all rows or none (admins)',
        tags,
        body: ZCsvImportRequestSchema,
        // 400: a refused commit (the report beside the error), or a malformed request (the plain error body).
        response: {
          200: ZSupplierImportResultSchema,
          400: z.union([ZSupplierImportRefusedSchema, ZErrorBodySchema]),
        },
      },
    },
    async (request, reply) => {
      const { ok, result } = await importSuppliersCsv(tenantOf(request), request.body);
      if (ok) return reply.send(result);
      return reply.status(400).send({ ...result, error: csvImportRefusal(result.errors.length) });
    },
  );
  codeListRoutes(r, {
    path: '/api/v1/suppliers',
    tags,
    noun: 'supplier',
    searched: 'code, name, contact and e-mail',
    schemas: {
      query: ZSupplierListQuerySchema,
      page: ZSupplierPageSchema,
      item: ZSupplierSchema,
      input: ZSupplierInputSchema,
    },
    service: supplierList,
  });
});
