// Defect codes (decision 070): the Quality area must be on. Everyone reads the list (operators pick a code for a
// failure or for scrap); admins add and change codes. No delete: results keep naming a code, so it is switched off.
import { z } from 'zod';
import {
  ZDefectCodeInputSchema,
  ZDefectCodeListQuerySchema,
  ZDefectCodePageSchema,
  ZDefectCodeSchema,
} from '#common/schemas/defect-codes.ts';
import { tenantOf, tenantRoutes } from '../../plugins/route-groups.ts';
import {
  createDefectCode,
  getDefectCode,
  listDefectCodes,
  updateDefectCode,
} from './defect-codes.service.ts';

const ZIdParams = z.object({ id: z.uuid('Not an id') });

export const defectCodeRoutes = tenantRoutes({ feature: 'quality' }, (r) => {
  const tags = ['quality'];

  r.get(
    '/api/v1/defect-codes',
    {
      schema: {
        summary: "A page of the company's defect codes by code, searched in code, name and category",
        tags,
        querystring: ZDefectCodeListQuerySchema,
        response: { 200: ZDefectCodePageSchema },
      },
    },
    async (request) => listDefectCodes(tenantOf(request), request.query),
  );
  r.get(
    '/api/v1/defect-codes/:id',
    {
      config: { errors: ['NOT_FOUND'] },
      schema: {
        summary: 'A defect code',
        tags,
        params: ZIdParams,
        response: { 200: ZDefectCodeSchema },
      },
    },
    async (request) => getDefectCode(tenantOf(request), request.params.id),
  );
  r.post(
    '/api/v1/defect-codes',
    {
      config: {
        role: 'admin',
        errors: ['BAD_REQUEST', 'CONFLICT'],
        rules: ['the code is unique in the company whatever its case'],
      },
      schema: {
        summary: 'Adds a defect code (admins)',
        tags,
        body: ZDefectCodeInputSchema,
        response: { 201: ZDefectCodeSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await createDefectCode(tenantOf(request), request.body)),
  );
  r.put(
    '/api/v1/defect-codes/:id',
    {
      config: {
        role: 'admin',
        errors: ['BAD_REQUEST', 'NOT_FOUND', 'CONFLICT'],
        rules: ['the code is unique in the company whatever its case'],
      },
      schema: {
        summary: 'Changes a defect code, or switches it off (admins)',
        tags,
        params: ZIdParams,
        body: ZDefectCodeInputSchema,
        response: { 200: ZDefectCodeSchema },
      },
    },
    async (request) => updateDefectCode(tenantOf(request), request.params.id, request.body),
  );
});
