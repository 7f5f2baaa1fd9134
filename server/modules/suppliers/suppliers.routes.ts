// Suppliers (decision 070): the Inventory area must be on. Everyone reads the list (a receiver picks who the goods
// came from); admins add and change suppliers. No delete: receipts and lots keep naming one, so it is switched off.
import { z } from 'zod';
import {
  ZSupplierFilterSchema,
  ZSupplierInputSchema,
  ZSupplierListQuerySchema,
  ZSupplierPageSchema,
  ZSupplierSchema,
} from '#common/schemas/suppliers.ts';
import { fileResponse } from '../../plugins/api-errors.ts';
import { sendCsv } from '../../plugins/csv-reply.ts';
import { tenantOf, tenantRoutes } from '../../plugins/route-groups.ts';
import { createSupplier, getSupplier, listSuppliers, updateSupplier } from './suppliers.service.ts';
import { exportSuppliersCsv } from './suppliers-csv.ts';

const ZIdParams = z.object({ id: z.uuid('Not an id') });

export const supplierRoutes = tenantRoutes({ feature: 'inventory' }, (r) => {
  const tags = ['inventory'];

  r.get(
    '/api/v1/suppliers',
    {
      schema: {
        summary: "A page of the company's suppliers by code, searched in code, name, contact and e-mail",
        tags,
        querystring: ZSupplierListQuerySchema,
        response: { 200: ZSupplierPageSchema },
      },
    },
    async (request) => listSuppliers(tenantOf(request), request.query),
  );
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
  r.get(
    '/api/v1/suppliers/:id',
    {
      config: { errors: ['NOT_FOUND'] },
      schema: {
        summary: 'A supplier',
        tags,
        params: ZIdParams,
        response: { 200: ZSupplierSchema },
      },
    },
    async (request) => getSupplier(tenantOf(request), request.params.id),
  );
  r.post(
    '/api/v1/suppliers',
    {
      config: {
        role: 'admin',
        errors: ['BAD_REQUEST', 'CONFLICT'],
        rules: ['the code is unique in the company whatever its case'],
      },
      schema: {
        summary: 'Adds a supplier (admins)',
        tags,
        body: ZSupplierInputSchema,
        response: { 201: ZSupplierSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await createSupplier(tenantOf(request), request.body)),
  );
  r.put(
    '/api/v1/suppliers/:id',
    {
      config: {
        role: 'admin',
        errors: ['BAD_REQUEST', 'NOT_FOUND', 'CONFLICT'],
        rules: ['the code is unique in the company whatever its case'],
      },
      schema: {
        summary: 'Changes a supplier, or switches it off (admins)',
        tags,
        params: ZIdParams,
        body: ZSupplierInputSchema,
        response: { 200: ZSupplierSchema },
      },
    },
    async (request) => updateSupplier(tenantOf(request), request.params.id, request.body),
  );
});
