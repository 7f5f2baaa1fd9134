// Calls of the help screen: Getting started, ticked by the server from the company's data.
import type { TGettingStarted } from '#common/schemas/help.ts';
import { api } from '../../lib/api-client.ts';

export const gettingStartedKey = ['help', 'getting-started'] as const;

export const getGettingStarted = (signal?: AbortSignal) =>
  api<TGettingStarted>('/api/v1/help/getting-started', { signal });
