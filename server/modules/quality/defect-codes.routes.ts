// Defect codes (decision 070): the Quality area must be on. Everyone reads the list (operators pick a code for a
// failure or for scrap); admins add and change codes. The routes of a company code list (decision 075).
import {
  ZDefectCodeInputSchema,
  ZDefectCodeListQuerySchema,
  ZDefectCodePageSchema,
  ZDefectCodeSchema,
} from '#common/schemas/defect-codes.ts';
import { tenantRoutes } from '../../plugins/route-groups.ts';
import { codeListRoutes } from '../code-lists/code-list.routes.ts';
import { defectCodeList } from './defect-codes.service.ts';

export const defectCodeRoutes = tenantRoutes({ feature: 'quality' }, (r) =>
  codeListRoutes(r, {
    path: '/api/v1/defect-codes',
    tags: ['quality'],
    noun: 'defect code',
    searched: 'code, name and category',
    schemas: {
      query: ZDefectCodeListQuerySchema,
      page: ZDefectCodePageSchema,
      item: ZDefectCodeSchema,
      input: ZDefectCodeInputSchema,
    },
    service: defectCodeList,
  }),
);
