// The signed-in session on the client: fetched from the server, cached as userData, updated live by config events.

import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import {
  AUTH_CHECK_COOLDOWN_MS,
  FORCED_HOME_NAVIGATION_DELAY_MS,
  LOGOUT_TIMEOUT_MS,
} from '#common/auth-constants.ts';
import { DEFAULT_LABEL_CONFIG, type TLabelConfig } from '#common/label-config.ts';
import type { TAuthState } from '#common/routes.ts';
import { type TSession, type TUserProfile, ZUserProfileSchema } from '#common/schemas/session.ts';
import { api } from './api-client.ts';
import { queryKeys } from './query-keys.ts';
import { readStorage, STORAGE_KEYS, writeStorage } from './storage.ts';

function readCachedUser(): TUserProfile | null {
  const raw = readStorage(STORAGE_KEYS.userData);
  if (!raw) return null;
  try {
    const parsed = ZUserProfileSchema.safeParse(JSON.parse(raw));
    // SPEC.md: only a stored user with a company is used.
    return parsed.success && parsed.data.companyId ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Keeps the userData cache in step with the session the server returned. */
export function rememberSession(session: TSession): void {
  writeStorage(STORAGE_KEYS.userData, session.user ? JSON.stringify(session.user) : null);
  writeStorage(STORAGE_KEYS.companyTimeZone, session.user ? session.timeZone : null);
  if (session.user) writeStorage(STORAGE_KEYS.lastLoginEmail, session.user.email);
}

async function fetchSession(): Promise<TSession> {
  const session = await api<TSession>('/api/v1/session');
  rememberSession(session);
  return session;
}

/** The session query: starts from the cached user (flags at their defaults) and confirms with the server. */
export function useSession() {
  return useQuery({
    queryKey: queryKeys.session,
    queryFn: fetchSession,
    staleTime: AUTH_CHECK_COOLDOWN_MS,
    initialData: () => {
      const user = readCachedUser();
      return user
        ? {
            state: 'signed-in' as const,
            user,
            labelConfig: null,
            timeZone: readStorage(STORAGE_KEYS.companyTimeZone),
          }
        : undefined;
    },
    initialDataUpdatedAt: 0,
  });
}

/** The guard's view of the session: loading until the server has answered once, unless a cached user exists. */
export function useAuthState(): { auth: TAuthState; session: TSession | undefined } {
  const { data, isPending, isError } = useSession();
  if (isPending && !data) return { auth: { status: 'loading' }, session: undefined };
  if (!data?.user || isError) return { auth: { status: 'signed-out' }, session: data };
  return {
    auth: {
      status: 'signed-in',
      role: data.user.role,
      companyId: data.user.companyId,
      config: configOf(data),
    },
    session: data,
  };
}

/** The company's configuration, or SPEC.md's defaults until it has loaded. */
export function configOf(session: TSession | undefined): TLabelConfig {
  return session?.labelConfig ?? DEFAULT_LABEL_CONFIG;
}

/** Puts a session the server just returned (after a sign-in) into the cache. */
export function setSession(queryClient: QueryClient, session: TSession): void {
  rememberSession(session);
  queryClient.setQueryData(queryKeys.session, session);
}

/** SPEC.md's logout: local state first, then the server with a 3 s limit, then home (also on error). */
export function useSignOut(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    writeStorage(STORAGE_KEYS.userData, null);
    writeStorage(STORAGE_KEYS.companyTimeZone, null);
    queryClient.setQueryData<TSession>(queryKeys.session, {
      state: 'signed-out',
      user: null,
      labelConfig: null,
      timeZone: null,
    });
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== queryKeys.session[0] });
    try {
      await api('/api/v1/session/sign-out', {
        method: 'POST',
        signal: AbortSignal.timeout(LOGOUT_TIMEOUT_MS),
      });
    } catch {
      // A time-out or a network failure still ends the session here; the cookie expires on its own.
    }
    window.setTimeout(() => {
      // The guard may already have moved a protected page to /?login=true: home means the bare root.
      if (window.location.pathname + window.location.search !== '/') window.location.assign('/');
    }, FORCED_HOME_NAVIGATION_DELAY_MS);
  }, [queryClient]);
}
