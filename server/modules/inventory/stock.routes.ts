// Stock postings and balances. Operators receive, issue and move; adjustments (which change stock without a
// physical movement) are for admins. The Inventory area must be switched on.
import { z } from 'zod';
import { AppError } from '#common/errors.ts';
import { hasRole } from '#common/roles.ts';
import {
  ZItemBalancesSchema,
  ZPostStockSchema,
  ZReverseStockSchema,
  ZStockTransactionSchema,
} from '#common/schemas/stock.ts';
import { ZStockReportQuerySchema, ZStockReportSchema } from '#common/schemas/stock-report.ts';
import { tenantOf, tenantRoutes } from '../../plugins/route-groups.ts';
import { getItemBalances, getTransaction, postStock } from './stock.service.ts';
import { stockBalanceReport } from './stock-report.service.ts';
import { reverseTransaction } from './stock-reversal.service.ts';

const ZIdParams = z.object({ id: z.uuid('Not an id') });

export const stockRoutes = tenantRoutes({ feature: 'inventory' }, (r) => {
  const tags = ['inventory'];

  r.post(
    '/api/v1/stock/transactions',
    {
      config: { errors: ['BAD_REQUEST', 'CONFLICT', 'NOT_FOUND', 'IDEMPOTENCY_KEY_REUSED'] },
      schema: {
        summary:
          'Posts a receive, issue, move or adjustment (admin) all-or-nothing; a retry with the same idempotency key returns the first posting, the same key with a different body is refused (422 IDEMPOTENCY_KEY_REUSED)',
        tags,
        body: ZPostStockSchema,
        response: { 201: ZStockTransactionSchema },
      },
    },
    async (request, reply) => {
      const tenant = tenantOf(request);
      if (request.body.kind === 'adjust' && !hasRole(tenant.role, 'admin')) {
        throw new AppError('FORBIDDEN', 'Only an admin can adjust stock. Record a count or ask an admin.');
      }
      return reply.status(201).send(await postStock(tenant, request.body));
    },
  );

  r.post(
    '/api/v1/stock/transactions/:id/reversal',
    {
      config: { role: 'admin', errors: ['BAD_REQUEST', 'CONFLICT', 'IDEMPOTENCY_KEY_REUSED'] },
      schema: {
        summary: 'Undoes a posting with a reversing one (admin); each posting can be reversed once',
        tags,
        params: ZIdParams,
        body: ZReverseStockSchema,
        response: { 201: ZStockTransactionSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await reverseTransaction(tenantOf(request), request.params.id, request.body)),
  );

  r.get(
    '/api/v1/stock/transactions/:id',
    {
      schema: {
        summary: 'One stock transaction with its lines',
        tags,
        params: ZIdParams,
        response: { 200: ZStockTransactionSchema },
      },
    },
    async (request) => getTransaction(tenantOf(request), request.params.id),
  );

  r.get(
    '/api/v1/stock/balance-report',
    {
      config: { errors: ['BAD_REQUEST'], rules: ['to is on or after from, at most 3660 days later'] },
      schema: {
        summary:
          'Opening, received, issued and closing quantity per item over a period (whole days in the company time zone), from the ledger, with company-wide values',
        tags,
        querystring: ZStockReportQuerySchema,
        response: { 200: ZStockReportSchema },
      },
    },
    async (request) => stockBalanceReport(tenantOf(request), request.query),
  );

  r.get(
    '/api/v1/items/:id/balances',
    {
      schema: {
        summary: "An item's stock by location and lot",
        tags,
        params: ZIdParams,
        response: { 200: ZItemBalancesSchema },
      },
    },
    async (request) => getItemBalances(tenantOf(request), request.params.id),
  );
});
