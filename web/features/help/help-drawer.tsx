// Context help: the article of the screen being shown, beside the work — a drawer on a desktop, the whole screen on a
// phone. The screen underneath stays mounted, so nothing typed on it is lost while the article is open.
import { Anchor, Drawer, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMemo } from 'react';
import { Link, useLocation } from 'react-router';
import type { TRole } from '#common/roles.ts';
import { articleFor } from './article-format.ts';
import { ArticleBody } from './article-view.tsx';
import { HELP_ARTICLES } from './articles.ts';
import { articlesFor } from './visible-articles.ts';

export default function HelpDrawer({
  opened,
  onClose,
  role,
}: {
  opened: boolean;
  onClose: () => void;
  role: TRole;
}) {
  const { pathname, search } = useLocation();
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  const article = useMemo(
    () => articleFor(articlesFor(HELP_ARTICLES, role), pathname, search),
    [role, pathname, search],
  );
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size={phone ? '100%' : 'lg'}
      title={article ? `Help: ${article.title}` : 'Help'}
      closeButtonProps={{ 'aria-label': 'Close help' }}
    >
      {article ? (
        <Stack gap="xs">
          <ArticleBody article={article} onLinkClick={onClose} />
          <Anchor component={Link} to={`/help?article=${article.slug}`} onClick={onClose} size="sm">
            Open this article on the Help page
          </Anchor>
        </Stack>
      ) : (
        <Stack gap="xs">
          <Text>This screen has no article yet.</Text>
          <Anchor component={Link} to="/help" onClick={onClose}>
            See every article on the Help page
          </Anchor>
        </Stack>
      )}
    </Drawer>
  );
}
