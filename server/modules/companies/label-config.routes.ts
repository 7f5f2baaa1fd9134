// The company label configuration: read by every signed-in user, changed by admins.
import { ZLabelConfigPatchSchema, ZLabelConfigSchema } from '#common/label-config.ts';
import { tenantOf, tenantRoutes } from '../../plugins/route-groups.ts';
import { changeLabelConfig, getLabelConfig } from './companies.service.ts';

export const labelConfigRoutes = tenantRoutes({}, (r) => {
  r.get(
    '/api/v1/company/label-config',
    {
      schema: {
        summary: "Your company's label configuration and feature flags",
        tags: ['company'],
        response: { 200: ZLabelConfigSchema },
      },
    },
    async (request) => getLabelConfig(tenantOf(request)),
  );

  r.patch(
    '/api/v1/company/label-config',
    {
      config: { role: 'admin', errors: ['CONFLICT'] },
      schema: {
        summary: "Changes some of your company's label configuration and feature flags (admin)",
        tags: ['company'],
        body: ZLabelConfigPatchSchema,
        response: { 200: ZLabelConfigSchema },
      },
    },
    async (request) => changeLabelConfig(tenantOf(request), request.body),
  );
});
