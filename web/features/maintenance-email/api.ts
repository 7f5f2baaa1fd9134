// Calls of the Email Settings screen (decision 058), typed by the shared contract in common/schemas/maintenance-email.ts.
import type {
  TMaintenanceEmailSettings,
  TMaintenanceEmailSettingsInput,
  TMaintenanceTestEmailResult,
} from '#common/schemas/maintenance-email.ts';
import { api } from '../../lib/api-client.ts';

const URL = '/api/v1/maintenance/email-settings';

export const getEmailSettings = (signal?: AbortSignal) => api<TMaintenanceEmailSettings>(URL, { signal });

export const saveEmailSettings = (body: TMaintenanceEmailSettingsInput) =>
  api<TMaintenanceEmailSettings>(URL, { method: 'PUT', body });

export const sendTestEmail = () => api<TMaintenanceTestEmailResult>(`${URL}/test`, { method: 'POST' });

export const emailSettingsKey = ['maintenance-email-settings'] as const;
