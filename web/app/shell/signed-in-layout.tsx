// The signed-in frame: the navigation bar (hidden when nobody is signed in), the page, the footer.
import { Box } from '@mantine/core';
import { Outlet } from 'react-router';
import { CompanyClockProvider } from '../../lib/company-clock.tsx';
import { useAuthState, useSession } from '../../lib/session.ts';
import { CookieBanner } from './cookie-banner.tsx';
import { Footer } from './footer.tsx';
import { NavBar } from './nav-bar.tsx';

export function SignedInLayout() {
  const { auth, session } = useAuthState();
  // Zero while the session is the one cached in the browser (flags at their defaults), set once the server answered.
  const { dataUpdatedAt } = useSession();
  const user = auth.status === 'signed-in' ? (session?.user ?? null) : null;
  // While the session resolves the bar is drawn empty at its full size, so that its arrival moves nothing; a visitor
  // who turns out to be signed out is sent to the login view by the guard.
  const showBar = auth.status === 'loading' || user !== null;
  const config = auth.status === 'signed-in' && dataUpdatedAt > 0 ? auth.config : null;
  // Every instant on a signed-in screen is written on the company's clock (decision 040), the dialogs the navigation
  // bar opens included (a passkey's "Added" had been in UTC).
  return (
    <CompanyClockProvider timeZone={session?.timeZone}>
      <Box style={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
        {showBar ? <NavBar user={user} config={config} /> : null}
        <Box component="main" id="main" style={{ flex: 1 }}>
          <Outlet />
        </Box>
        <Footer />
        <CookieBanner />
      </Box>
    </CompanyClockProvider>
  );
}
