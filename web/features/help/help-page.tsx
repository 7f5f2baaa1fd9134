// /help: Getting started for this person, then every article they may read, searchable as they type (`/` focuses
// the search); ?article=<slug> shows one article.
import { Anchor, Container, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconArrowLeft, IconSearch } from '@tabler/icons-react';
import { useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { configOf, useSession } from '../../lib/session.ts';
import { ArticleList } from './article-list.tsx';
import { ArticleBody } from './article-view.tsx';
import { HELP_ARTICLES } from './articles.ts';
import { GettingStarted } from './getting-started.tsx';
import { useKey } from './use-key.ts';
import { articlesFor, sectionIsOn } from './visible-articles.ts';

export default function HelpPage() {
  const { data: session } = useSession();
  const config = configOf(session);
  const role = session?.user?.role ?? 'user';
  const [params] = useSearchParams();
  const [query, setQuery] = useState('');
  const search = useRef<HTMLInputElement>(null);
  useKey('/', () => search.current?.focus());
  const articles = useMemo(() => articlesFor(HELP_ARTICLES, role), [role]);
  const slug = params.get('article');
  const open = slug ? (articles.find((a) => a.slug === slug) ?? null) : null;

  return (
    <Container size="md" py="lg">
      <Title order={1} fz={{ base: 24, sm: 30 }} mb="md">
        Help & Documentation
      </Title>
      {open ? (
        <Paper component="article" withBorder p="md" radius="md" aria-labelledby="help-article-title">
          <Anchor
            component={Link}
            to="/help"
            size="sm"
            mb="sm"
            display="inline-flex"
            style={{ alignItems: 'center', gap: 4 }}
          >
            <IconArrowLeft size={14} aria-hidden /> All articles
          </Anchor>
          <Title order={2} id="help-article-title" mb="xs">
            {open.title}
          </Title>
          <ArticleBody article={open} />
        </Paper>
      ) : (
        <Stack gap="lg">
          <GettingStarted role={role} config={config} />
          {slug ? <Text role="alert">There is no article “{slug}” for you. Choose one below.</Text> : null}
          <TextInput
            ref={search}
            type="search"
            label="Search help"
            description="Press / to search from anywhere on this page"
            placeholder="A word, a button, a message"
            leftSection={<IconSearch size={16} aria-hidden />}
            value={query}
            onChange={(event) => setQuery(event.currentTarget.value)}
          />
          <ArticleList articles={articles} isOn={(section) => sectionIsOn(config, section)} query={query} />
        </Stack>
      )}
    </Container>
  );
}
