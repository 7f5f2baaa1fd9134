// SPEC.md's navigation bar: sections by role and flag, the current section from the path, its pages below.
import { Box, Burger, Button, Container, Group, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useMemo } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import type { TLabelConfig } from '#common/label-config.ts';
import { currentSection, firstPageOf, isActivePage, visibleSections } from '#common/nav.ts';
import type { TUserProfile } from '#common/schemas/session.ts';
import { Wordmark } from '../../components/wordmark.tsx';
import { BAR_PADDING, PAGES_ROW_HEIGHT, TOP_ROW_HEIGHT } from './bar-metrics.ts';
import { HelpButton } from './help-button.tsx';
import { MobileMenu } from './mobile-menu.tsx';
import { UserMenu } from './user-menu.tsx';

/**
 * `user` null: the session is still resolving; `config` null: the company's configuration has not arrived. The bar
 * takes its full size from the first paint and fills in what it knows as it arrives: drawn with the default flags
 * and redrawn with the company's, its sections used to jump sideways and its pages row to appear late (issue 17).
 */
export function NavBar({ user, config }: { user: TUserProfile | null; config: TLabelConfig | null }) {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const [menuOpen, menu] = useDisclosure(false);
  const role = user?.role ?? null;
  const sections = useMemo(() => (role && config ? visibleSections(role, config) : null), [role, config]);
  const current = sections ? currentSection(pathname, search, sections) : null;

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
      <Container size="xl" py={BAR_PADDING}>
        <Group justify="space-between" wrap="nowrap" gap="sm" mih={TOP_ROW_HEIGHT}>
          <Wordmark to="/help" />
          {sections ? (
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
          ) : null}
          <Group gap="xs" wrap="nowrap">
            {user ? <HelpButton role={user.role} /> : null}
            {user ? (
              <Box visibleFrom="sm">
                <UserMenu user={user} />
              </Box>
            ) : null}
            {user && sections ? (
              <Burger
                hiddenFrom="sm"
                opened={menuOpen}
                onClick={menu.toggle}
                aria-label={menuOpen ? 'Close menu' : 'Open menu'}
                aria-expanded={menuOpen}
                aria-controls="mobile-menu"
              />
            ) : null}
          </Group>
        </Group>
      </Container>
      {/* Always there on a wide screen, empty until the section is known, so that its arrival moves nothing. */}
      <Box
        visibleFrom="sm"
        style={{
          borderTop: '1px solid var(--mantine-color-gray-2)',
          background: 'var(--mantine-color-gray-0)',
        }}
      >
        <Container size="xl">
          {current ? (
            <Group
              component="nav"
              aria-label={`${current.label} pages`}
              gap={4}
              py={4}
              mih={PAGES_ROW_HEIGHT}
              wrap="wrap"
            >
              {current.pages.length === 0 ? (
                <Text size="sm" c="dimmed" py={3}>
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
          ) : (
            <Box mih={PAGES_ROW_HEIGHT} />
          )}
        </Container>
      </Box>
      {menuOpen && user && sections ? (
        <MobileMenu user={user} sections={sections} current={current} onClose={menu.close} />
      ) : null}
    </Box>
  );
}
