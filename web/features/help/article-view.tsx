// One help article, its Markdown drawn by react-markdown (docs/decisions/043): no raw HTML is ever rendered (no
// rehype-raw), links and images go through react-markdown's safe URL filter, links inside the app are router links,
// and screenshots are the files the end-to-end tests took.
import { Anchor, Box, Code, Image, List, Text, Title } from '@mantine/core';
import Markdown, { type Components, defaultUrlTransform } from 'react-markdown';
import { Link } from 'react-router';
import type { THelpArticle } from './article-format.ts';
import { screenshotUrl } from './articles.ts';

function components(onLinkClick?: () => void): Components {
  return {
    // The article's own headings sit under its title (an h2 on the page and in the drawer).
    h1: ({ children }) => <Title order={3}>{children}</Title>,
    h2: ({ children }) => (
      <Title order={3} mt="lg" mb="xs" fz="lg">
        {children}
      </Title>
    ),
    h3: ({ children }) => (
      <Title order={4} mt="md" mb="xs" fz="md">
        {children}
      </Title>
    ),
    p: ({ children }) => <Text mb="sm">{children}</Text>,
    ul: ({ children }) => (
      <List mb="sm" spacing={4}>
        {children}
      </List>
    ),
    ol: ({ children }) => (
      <List type="ordered" mb="sm" spacing={4}>
        {children}
      </List>
    ),
    li: ({ children }) => <List.Item>{children}</List.Item>,
    code: ({ children }) => <Code>{children}</Code>,
    a: ({ href, children }) =>
      href?.startsWith('/') ? (
        <Anchor component={Link} to={href} onClick={onLinkClick} underline="always">
          {children}
        </Anchor>
      ) : (
        <Anchor href={href} target="_blank" rel="noopener noreferrer" underline="always">
          {children}
        </Anchor>
      ),
    img: ({ src, alt }) =>
      typeof src === 'string' && src ? (
        <Image
          src={src}
          alt={alt ?? ''}
          radius="sm"
          my="sm"
          maw="100%"
          style={{ border: '1px solid var(--mantine-color-gray-3)' }}
        />
      ) : null,
  };
}

/** Screenshots resolve to the bundled files; any other address passes react-markdown's own safe filter. */
function transformUrl(url: string, key: string): string {
  if (key === 'src' && url.startsWith('screenshots/')) return screenshotUrl(url) ?? '';
  return defaultUrlTransform(url);
}

export function ArticleBody({ article, onLinkClick }: { article: THelpArticle; onLinkClick?: () => void }) {
  return (
    <Box data-testid="help-article-body">
      <Markdown components={components(onLinkClick)} urlTransform={transformUrl} skipHtml>
        {article.body}
      </Markdown>
    </Box>
  );
}
