// Where the single sign-on journey's test identity provider and DNS server listen (decision 086). They run in the
// sso spec's own process, but the app reads their addresses at start (SSO_TRUSTED_IDP_ORIGINS, SSO_DNS_SERVERS in
// playwright.config.ts), so their ports are fixed: after the ones server.ts takes (E2E_PORT + 10 to + 12).
import { E2E_PORT } from './server.ts';

export const E2E_SSO_IDP_PORT = E2E_PORT + 13;
export const E2E_SSO_IDP_ORIGIN = `http://127.0.0.1:${E2E_SSO_IDP_PORT}`;
export const E2E_SSO_DNS_PORT = E2E_PORT + 14;
export const E2E_SSO_DNS_SERVER = `127.0.0.1:${E2E_SSO_DNS_PORT}`;
