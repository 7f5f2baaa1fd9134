// An article is Markdown rendered safely: HTML written in it shows as nothing (never as elements), a javascript: link
// loses its address, app links are router links, and a screenshot resolves to the bundled file.
import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { THelpArticle } from './article-format.ts';
import { parseArticle } from './article-format.ts';
import { ArticleBody } from './article-view.tsx';
import { searchArticles } from './search.ts';

const article = (body: string): THelpArticle =>
  parseArticle(
    'test/hostile.md',
    `---\ntitle: Hostile\nroutes: /scan\nsection: inventory\nroles: user\nsummary: A test.\n---\n${body}`,
  );

function show(body: string) {
  return render(
    <MantineProvider>
      <MemoryRouter>
        <ArticleBody article={article(body)} />
      </MemoryRouter>
    </MantineProvider>,
  );
}

describe('ArticleBody', () => {
  it('renders no HTML written in an article', () => {
    const { container } = show(
      'Before <script>window.hacked = true</script> <img src=x onerror="window.hacked = true"> after.\n\n<iframe src="https://example.com"></iframe>',
    );
    expect(container.querySelector('script, iframe, img[onerror]')).toBeNull();
    expect((window as { hacked?: boolean }).hacked).toBeUndefined();
    expect(screen.getByText(/Before/)).toBeInTheDocument();
  });

  it('drops a javascript: address and makes app links router links', () => {
    show('[Bad](javascript:alert(1)) and [Stock Check](/stock-check).');
    expect(screen.getByText('Bad').closest('a')?.getAttribute('href') ?? '').not.toContain('javascript');
    expect(screen.getByRole('link', { name: 'Stock Check' })).toHaveAttribute('href', '/stock-check');
  });

  it('draws the headings under the article title and the steps as a list', () => {
    show('## Start a count\n\n1. Press **Start a count**.\n2. Choose a location.');
    expect(screen.getByRole('heading', { name: 'Start a count', level: 3 })).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
  });
});

describe('searchArticles', () => {
  const articles = [
    article('Counters do not see the quantities on the books until it is posted: a **blind** count.'),
    { ...article('Print labels for items.'), slug: 'labels', title: 'Tag Items' },
  ];

  it('finds the article holding every word, with the text around the first', () => {
    const hits = searchArticles(articles, 'blind books');
    expect(hits.map((h) => h.article.slug)).toEqual(['hostile']);
    expect(hits[0]!.excerpt).toContain('on the books');
  });

  it('finds nothing for an empty query or a word no article has', () => {
    expect(searchArticles(articles, '  ')).toEqual([]);
    expect(searchArticles(articles, 'zeppelin')).toEqual([]);
  });

  it('puts a title match first', () => {
    expect(searchArticles(articles, 'items')[0]!.article.slug).toBe('labels');
  });
});
