// The four routes of a company code list (decision 075): a searched page and one row for everyone in the company;
// add and change (or switch off) for admins. No delete: history keeps naming a row, so it is switched off.
import { z } from 'zod';
import { type TTenant, type TZodApp, tenantOf } from '../../plugins/route-groups.ts';
import type { TCodeListQuery } from './code-list.ts';

const ZIdParams = z.object({ id: z.uuid('Not an id') });
const UNIQUE_CODE = 'the code is unique in the company whatever its case';

export interface TCodeListRoutes<TInput, TDto> {
  /** `/api/v1/suppliers` */
  path: string;
  tags: string[];
  /** 'supplier' — the summaries' words. */
  noun: string;
  /** 'code, name, contact and e-mail' — where the list's search looks. */
  searched: string;
  schemas: { query: z.ZodType; page: z.ZodType; item: z.ZodType; input: z.ZodType<unknown, TInput> };
  service: {
    list: (tenant: TTenant, query: TCodeListQuery) => Promise<unknown>;
    get: (tenant: TTenant, id: string) => Promise<TDto>;
    create: (tenant: TTenant, input: TInput) => Promise<TDto>;
    update: (tenant: TTenant, id: string, input: TInput) => Promise<TDto>;
  };
}

/** Registers the list's routes on a tenant group. */
export function codeListRoutes<TInput, TDto>(r: TZodApp, spec: TCodeListRoutes<TInput, TDto>): void {
  const { path, tags, noun, schemas, service } = spec;
  r.get(
    path,
    {
      schema: {
        summary: `A page of the company's ${noun}s by code, searched in ${spec.searched}`,
        tags,
        querystring: schemas.query,
        response: { 200: schemas.page },
      },
    },
    async (request) => service.list(tenantOf(request), request.query as TCodeListQuery),
  );
  r.get(
    `${path}/:id`,
    {
      config: { errors: ['NOT_FOUND'] },
      schema: { summary: `A ${noun}`, tags, params: ZIdParams, response: { 200: schemas.item } },
    },
    async (request) => service.get(tenantOf(request), request.params.id),
  );
  r.post(
    path,
    {
      config: { role: 'admin', errors: ['BAD_REQUEST', 'CONFLICT'], rules: [UNIQUE_CODE] },
      schema: {
        summary: `Adds a ${noun} (admins)`,
        tags,
        body: schemas.input,
        response: { 201: schemas.item },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await service.create(tenantOf(request), request.body as TInput)),
  );
  r.put(
    `${path}/:id`,
    {
      config: { role: 'admin', errors: ['BAD_REQUEST', 'NOT_FOUND', 'CONFLICT'], rules: [UNIQUE_CODE] },
      schema: {
        summary: `Changes a ${noun}, or switches it off (admins)`,
        tags,
        params: ZIdParams,
        body: schemas.input,
        response: { 200: schemas.item },
      },
    },
    async (request) => service.update(tenantOf(request), request.params.id, request.body as TInput),
  );
}
