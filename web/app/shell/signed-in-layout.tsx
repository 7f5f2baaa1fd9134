// The signed-in frame: the navigation bar (hidden when nobody is signed in), the page, the footer.
import { Box } from '@mantine/core';
import { Outlet } from 'react-router';
import { useAuthState } from '../../features/auth/session.ts';
import { CookieBanner } from './cookie-banner.tsx';
import { Footer } from './footer.tsx';
import { NavBar } from './nav-bar.tsx';

export function SignedInLayout() {
  const { auth, session } = useAuthState();
  return (
    <Box style={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      {auth.status === 'signed-in' && session?.user ? (
        <NavBar user={session.user} config={auth.config} />
      ) : null}
      <Box component="main" id="main" style={{ flex: 1 }}>
        <Outlet />
      </Box>
      <Footer />
      <CookieBanner />
    </Box>
  );
}
