// SPEC.md's navigation bar: sections by role and flag, the current section from the path, its pages below.
import { Box, Burger, Button, Container, Group, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useMemo } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import type { TLabelConfig } from '#common/label-config.ts';
import { currentSection, firstPageOf, isActivePage, visibleSections } from '#common/nav.ts';
import type { TUserProfile } from '#common/schemas/session.ts';
import { Wordmark } from '../../components/wordmark.tsx';
import { MobileMenu } from './mobile-menu.tsx';
import { UserMenu } from './user-menu.tsx';

export function NavBar({ user, config }: { user: TUserProfile; config: TLabelConfig }) {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const [menuOpen, menu] = useDisclosure(false);
  const sections = useMemo(() => visibleSections(user.role, config), [user.role, config]);
  const current = currentSection(pathname, search, sections);

  return (
    <Box
      component="header"
      style={{
        borderBottom: '1px solid var(--mantine-color-gray-3)',
        background: 'var(--mantine-color-white)',
        position: 'sticky',
        top: 0,
        zIndex: 200,
      }}
    >
      <Container size="xl" py={8}>
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Wordmark to="/help" />
          <Group
            component="nav"
            aria-label="Sections"
            gap={4}
            visibleFrom="sm"
            wrap="nowrap"
            style={{ overflowX: 'auto' }}
          >
            {sections.map((section) => {
              const isCurrent = section.id === current?.id;
              return (
                <Button
                  key={section.id}
                  variant={isCurrent ? 'light' : 'subtle'}
                  color={isCurrent ? 'forge' : 'gray'}
                  aria-current={isCurrent ? 'true' : undefined}
                  data-section={section.id}
                  onClick={() => navigate(firstPageOf(section) ?? pathname)}
                >
                  {section.label}
                </Button>
              );
            })}
          </Group>
          <Group gap="xs" wrap="nowrap">
            <Box visibleFrom="sm">
              <UserMenu user={user} />
            </Box>
            <Burger
              hiddenFrom="sm"
              opened={menuOpen}
              onClick={menu.toggle}
              aria-label={menuOpen ? 'Close menu' : 'Open menu'}
              aria-expanded={menuOpen}
              aria-controls="mobile-menu"
            />
          </Group>
        </Group>
      </Container>
      {current ? (
        <Box
          visibleFrom="sm"
          style={{
            borderTop: '1px solid var(--mantine-color-gray-2)',
            background: 'var(--mantine-color-gray-0)',
          }}
        >
          <Container size="xl">
            <Group component="nav" aria-label={`${current.label} pages`} gap={4} py={4} wrap="wrap">
              {current.pages.length === 0 ? (
                <Text size="sm" c="dimmed" py={6}>
                  Coming soon
                </Text>
              ) : (
                current.pages.map((page) => {
                  const active = isActivePage(page.to, pathname, search);
                  return (
                    <Button
                      key={page.to}
                      component={Link}
                      to={page.to}
                      size="compact-sm"
                      variant={active ? 'filled' : 'subtle'}
                      color={active ? 'forge' : 'dark'}
                      aria-current={active ? 'page' : undefined}
                    >
                      {page.label}
                    </Button>
                  );
                })
              )}
            </Group>
          </Container>
        </Box>
      ) : null}
      {menuOpen ? (
        <MobileMenu user={user} sections={sections} current={current} onClose={menu.close} />
      ) : null}
    </Box>
  );
}
