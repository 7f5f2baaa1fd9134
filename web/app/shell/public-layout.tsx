// The public pages' frame: header with the wordmark and Login, the page, the footer, the cookie banner.
import { Box, Button, Container, Group } from '@mantine/core';
import { Link, Outlet } from 'react-router';
import { Wordmark } from '../../components/wordmark.tsx';
import { CookieBanner } from './cookie-banner.tsx';
import { Footer } from './footer.tsx';

export function PublicLayout() {
  return (
    <Box style={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <header style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <Container size="lg" py="sm">
          <Group justify="space-between" wrap="nowrap">
            <Wordmark />
            <Button component={Link} to="/?login=true" variant="filled">
              Login
            </Button>
          </Group>
        </Container>
      </header>
      <Box component="main" id="main" style={{ flex: 1 }}>
        <Outlet />
      </Box>
      <Footer />
      <CookieBanner />
    </Box>
  );
}
