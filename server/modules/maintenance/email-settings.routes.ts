// Maintenance e-mail settings (decision 058): the admins' screen at /maintenance/email-settings. The Maintenance area
// must be on; every route is an admin's (who is mailed, and a test message, are the company's settings).
import {
  ZMaintenanceEmailSettingsInputSchema,
  ZMaintenanceEmailSettingsSchema,
  ZMaintenanceTestEmailResultSchema,
} from '#common/schemas/maintenance-email.ts';
import { tenantOf, tenantRoutes } from '../../plugins/route-groups.ts';
import { getEmailSettings, saveEmailSettings, sendTestEmail } from './email-settings.service.ts';

export const maintenanceEmailRoutes = tenantRoutes({ feature: 'maintenance' }, (r) => {
  const tags = ['maintenance'];

  r.get(
    '/api/v1/maintenance/email-settings',
    {
      config: { role: 'admin' },
      schema: {
        summary:
          'Who receives maintenance e-mail and when (the defaults until saved), and the people to choose from (admin)',
        tags,
        response: { 200: ZMaintenanceEmailSettingsSchema },
      },
    },
    async (request) => getEmailSettings(tenantOf(request)),
  );
  r.put(
    '/api/v1/maintenance/email-settings',
    {
      config: {
        role: 'admin',
        errors: ['NOT_FOUND'],
        rules: ['people are active users of the company', 'the settings and recipients are replaced whole'],
      },
      schema: {
        summary: 'Saves the recipients, reminder days, breakdown alerts and the daily digest (admin)',
        tags,
        body: ZMaintenanceEmailSettingsInputSchema,
        response: { 200: ZMaintenanceEmailSettingsSchema },
      },
    },
    async (request) => saveEmailSettings(tenantOf(request), request.body, request.server.clock.now()),
  );
  r.post(
    '/api/v1/maintenance/email-settings/test',
    {
      config: {
        role: 'admin',
        errors: ['CONFLICT'],
        rules: ['there is at least one saved recipient'],
      },
      schema: {
        summary:
          'Sends a test e-mail to the saved recipients through the mail outbox; answers to whom (admin)',
        tags,
        response: { 200: ZMaintenanceTestEmailResultSchema },
      },
    },
    async (request) => sendTestEmail(tenantOf(request), request.server.config.appUrl),
  );
});
