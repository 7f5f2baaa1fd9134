// Maintenance e-mail settings (decision 058): who receives maintenance mail and when. People must be active users of
// the company (anyone else — another company's, unknown, inactive — is 404 naming userIds, with the words of a
// missing person); outside addresses are taken as given. Saving replaces the settings and recipients whole in one
// transaction with its audit entry; the test e-mail goes through the outbox to the saved recipients.
import { v7 as uuidv7 } from 'uuid';
import { AppError } from '#common/errors.ts';
import {
  MAINTENANCE_EMAIL_MESSAGES as M,
  type TMaintenanceEmailSettings,
  type TMaintenanceEmailSettingsFields,
  type TMaintenanceTestEmailResult,
} from '#common/schemas/maintenance-email.ts';
import { safeTimeZone } from '#common/time/calendar.ts';
import type { TDb } from '../../db/client.ts';
import type { TTenant } from '../../db/tenant.ts';
import { changedFields, recordAudit } from '../audit/audit.ts';
import { findCompany } from '../companies/companies.repo.ts';
import * as repo from './email-settings.repo.ts';
import { testMail } from './notice-mail.ts';
import { issueNotice } from './notices.ts';

async function viewOf(tx: TDb, companyId: string): Promise<TMaintenanceEmailSettings> {
  const [settings, recipients, people, admins, breakdownAlertsTo, company] = [
    await repo.settingsOf(tx, companyId),
    await repo.recipientsOf(tx, companyId),
    await repo.activePeople(tx, companyId),
    await repo.activeAdmins(tx, companyId),
    await repo.breakdownAlertAudience(tx, companyId),
    await findCompany(tx, companyId),
  ];
  const { digestFrom: _from, ...shown } = settings;
  return {
    ...shown,
    ...recipients,
    people,
    admins,
    breakdownAlertsTo,
    timeZone: safeTimeZone(company?.timezone),
  };
}

/** GET /api/v1/maintenance/email-settings: the settings (the defaults until saved) and the people to choose from. */
export async function getEmailSettings(tenant: TTenant): Promise<TMaintenanceEmailSettings> {
  return tenant.run((tx) => viewOf(tx, tenant.companyId));
}

/** The settings as the audit trail records them: recipients by address, so the trail reads without ids. */
function audited(
  fields: Omit<TMaintenanceEmailSettingsFields, 'userIds'> & { people: string[] },
): Record<string, unknown> {
  return {
    people: fields.people.join(', '),
    emails: fields.emails.join(', '),
    daysBefore: fields.daysBefore,
    overdueEveryDays: fields.overdueEveryDays,
    breakdownAlerts: fields.breakdownAlerts,
    dailyDigest: fields.dailyDigest,
    digestHour: fields.digestHour,
  };
}

/** PUT /api/v1/maintenance/email-settings: the whole settings; only what changed goes into the trail. */
export async function saveEmailSettings(
  tenant: TTenant,
  input: TMaintenanceEmailSettingsFields,
  /** The app clock's now (the route passes it); callers outside a request (the demo seed) take the real clock. */
  now: Date = new Date(),
): Promise<TMaintenanceEmailSettings> {
  const { companyId } = tenant;
  return tenant.run(async (tx) => {
    const people = await repo.activePeople(tx, companyId);
    const byId = new Map(people.map((p) => [p.id.toLowerCase(), p]));
    const missing = input.userIds.findIndex((id) => !byId.has(id.toLowerCase()));
    if (missing >= 0) {
      throw new AppError('NOT_FOUND', M.userNotFound, {
        [`userIds.${missing}`]: M.userNotFound,
        userIds: M.userNotFound,
      });
    }
    const before = await viewOf(tx, companyId);
    const { userIds, emails, ...values } = input;
    // The digest turned on or moved to another hour starts afresh from now: a day's digest goes only when its hour
    // comes after this (decision 067), so one set up at 20:37 for 07:00 waits for tomorrow's 07:00.
    const restarted = values.dailyDigest && (!before.dailyDigest || before.digestHour !== values.digestHour);
    const { digestFrom } = await repo.settingsOf(tx, companyId);
    await repo.saveSettings(tx, companyId, { ...values, digestFrom: restarted ? now : digestFrom });
    await repo.replaceRecipients(tx, companyId, userIds, emails);
    const emailOf = (id: string) => byId.get(id.toLowerCase())?.email ?? id;
    const change = changedFields(
      audited({ ...before, people: before.userIds.map(emailOf) }),
      audited({ ...input, people: userIds.map(emailOf) }),
    );
    if (Object.keys(change.after).length > 0) {
      await recordAudit(tx, companyId, tenant.actor, {
        entityType: 'maintenance-email-settings',
        entityId: companyId,
        entityLabel: 'Maintenance e-mail settings',
        action: 'updated',
        ...change,
      });
    }
    return viewOf(tx, companyId);
  });
}

/**
 * POST /api/v1/maintenance/email-settings/test: a test message to each saved recipient through the outbox, recorded
 * as a `test:<id>` notice and in the trail. Nobody saved: 409 saying what to do.
 */
export async function sendTestEmail(tenant: TTenant, appUrl: string): Promise<TMaintenanceTestEmailResult> {
  const { companyId } = tenant;
  return tenant.run(async (tx) => {
    const to = await repo.recipientAddresses(tx, companyId);
    if (to.length === 0) throw new AppError('CONFLICT', M.noRecipients);
    const company = await findCompany(tx, companyId);
    const id = uuidv7();
    await issueNotice(tx, companyId, { key: `test:${id}`, kind: 'test' }, (addresses) =>
      testMail(addresses, companyId, appUrl, company?.name ?? 'your company'),
    );
    await recordAudit(tx, companyId, tenant.actor, {
      entityType: 'maintenance-email-settings',
      entityId: companyId,
      entityLabel: 'Maintenance e-mail settings',
      action: 'test-sent',
      after: { to: to.join(', ') },
    });
    return { sentTo: to };
  });
}
