// Helpers for end-to-end tests: sign in through the development sign-in, each test in a company of its own.
import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import type { TLabelConfigPatch } from '../../../common/label-config.ts';
import type { TRole } from '../../../common/roles.ts';

export interface TE2EUser {
  email: string;
  role: TRole;
  firstName?: string;
  lastName?: string;
  companyName: string;
}

/** A company name no other test uses, so that flag changes never leak between tests. */
export function uniqueCompany(prefix = 'E2E'): string {
  return `${prefix} ${randomUUID().slice(0, 8)}`;
}

/** Signs the page's browser context in (the cookie lands in the context), returning the session body. */
export async function signIn(page: Page, user: TE2EUser): Promise<void> {
  const response = await page.request.post('/api/v1/dev/sign-in', {
    data: { firstName: '', lastName: '', ...user },
  });
  if (!response.ok()) throw new Error(`dev sign-in failed: ${response.status()} ${await response.text()}`);
}

/** Changes the signed-in admin's company configuration through the API. */
export async function patchLabelConfig(request: APIRequestContext, patch: TLabelConfigPatch): Promise<void> {
  const response = await request.patch('/api/v1/company/label-config', { data: patch });
  if (!response.ok())
    throw new Error(`label-config PATCH failed: ${response.status()} ${await response.text()}`);
}
