// The single sign-on specs' test provider and DNS server on the fixed ports the app was told (sso-servers.ts). Two
// spec files use them (sso.spec.ts, identities.spec.ts), and with two workers they may run at once: each file holds
// the ports from its beforeAll to its afterAll, and the other waits here until they are free.
import { setTimeout as delay } from 'node:timers/promises';
import { startDnsTxtServer, type TDnsTxtServer } from '../../setup/dns-txt-server.ts';
import { startTestIdp, type TTestIdp } from '../../setup/oidc-idp.ts';
import { E2E_SSO_DNS_PORT, E2E_SSO_IDP_PORT } from './sso-servers.ts';

export interface TSsoServers {
  idp: TTestIdp;
  dns: TDnsTxtServer;
  close(): Promise<void>;
}

const taken = (error: unknown) => (error as NodeJS.ErrnoException).code === 'EADDRINUSE';

/** Starts both on their ports, waiting (a second at a time) while another spec file holds either. */
export async function startSsoServers(): Promise<TSsoServers> {
  for (;;) {
    let idp: TTestIdp | undefined;
    try {
      idp = await startTestIdp({ port: E2E_SSO_IDP_PORT, loginForm: true });
      const dns = await startDnsTxtServer(E2E_SSO_DNS_PORT);
      const held = idp;
      return { idp: held, dns, close: async () => void (await Promise.all([held.close(), dns.close()])) };
    } catch (error) {
      await idp?.close();
      if (!taken(error)) throw error;
      await delay(1000);
    }
  }
}
