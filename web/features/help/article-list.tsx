// The articles a person may read, grouped by section like the navigation (the company's switched-on sections first),
// or, while something is typed in the search, the articles that match with the words highlighted.
import { Anchor, Badge, Group, Highlight, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { NAV_SECTIONS, type TSectionId } from '#common/nav.ts';
import type { THelpArticle } from './article-format.ts';
import { queryWords, searchArticles } from './search.ts';

const articleHref = (article: THelpArticle) => `/help?article=${article.slug}`;

/** Sections in the navigation's order, those switched on (or always there) before those switched off. */
export function groupBySection(
  articles: readonly THelpArticle[],
  isOn: (section: TSectionId) => boolean,
): { id: TSectionId; label: string; on: boolean; articles: THelpArticle[] }[] {
  const groups = NAV_SECTIONS.map((s) => ({
    id: s.id,
    label: s.label,
    on: isOn(s.id),
    articles: articles.filter((a) => a.section === s.id),
  })).filter((g) => g.articles.length > 0);
  return [...groups.filter((g) => g.on), ...groups.filter((g) => !g.on)];
}

export function ArticleList({
  articles,
  isOn,
  query,
}: {
  articles: readonly THelpArticle[];
  isOn: (section: TSectionId) => boolean;
  query: string;
}) {
  if (queryWords(query).length > 0) {
    const hits = searchArticles(articles, query);
    const words = queryWords(query);
    return (
      <Stack component="section" aria-label="Search results" gap="md">
        <Text size="sm" c="dimmed" role="status">
          {hits.length === 0
            ? `No article mentions “${query.trim()}”. Try fewer or other words.`
            : `${hits.length} ${hits.length === 1 ? 'article' : 'articles'} found`}
        </Text>
        {hits.map(({ article, excerpt }) => (
          <div key={article.slug}>
            <Anchor component={Link} to={articleHref(article)} fw={600}>
              <Highlight component="span" highlight={words} inherit>
                {article.title}
              </Highlight>
            </Anchor>
            <Highlight size="sm" highlight={words}>
              {excerpt}
            </Highlight>
          </div>
        ))}
      </Stack>
    );
  }
  return (
    <Stack gap="lg">
      {groupBySection(articles, isOn).map((group) => (
        <section key={group.id} aria-labelledby={`help-section-${group.id}`}>
          <Group gap="xs" mb="xs">
            <Title order={2} fz="lg" id={`help-section-${group.id}`}>
              {group.label}
            </Title>
            {group.on ? null : (
              <Badge variant="default" size="sm">
                Switched off in your company
              </Badge>
            )}
          </Group>
          <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
            {group.articles.map((article) => (
              <li key={article.slug}>
                <Anchor component={Link} to={articleHref(article)} fw={600}>
                  {article.title}
                </Anchor>
                <Text size="sm" c="dimmed">
                  {article.summary}
                </Text>
              </li>
            ))}
          </Stack>
        </section>
      ))}
    </Stack>
  );
}
