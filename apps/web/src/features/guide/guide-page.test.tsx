import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import axe from 'axe-core';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { Page, pageHelpLabel } from '../../components/page';
import { findArticle, GUIDE_ARTICLES, type GuideArticle, searchArticles } from './articles';
import { GUIDE_TEXT, GuidePage } from './guide-page';
import { GuideText } from './guide-text';
import { matchRanges } from './highlight';
import { SCREEN_HELP } from './screen-help';

afterEach(cleanup);

function Where() {
  const l = useLocation();
  return <span data-testid="where">{`${l.pathname}${l.search}`}</span>;
}

function renderAt(url: string) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/guide" element={<GuidePage />} />
        <Route path="/guide/:slug" element={<GuidePage />} />
        <Route path="*" element={<p>elsewhere</p>} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
}

async function axeViolations(container: HTMLElement) {
  const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe('guide content', () => {
  // That every picture is served is proven by e2e/tests/guide.spec.ts against the built product.
  it('has unique slugs, a help article for every main screen, and an alt text for every picture', () => {
    const slugs = GUIDE_ARTICLES.map((a) => a.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const slug of Object.values(SCREEN_HELP)) expect(findArticle(slug), slug).toBeDefined();
    for (const a of GUIDE_ARTICLES) {
      for (const b of a.blocks) {
        if (b.kind !== 'image') continue;
        expect(b.alt.length, b.src).toBeGreaterThan(20);
        expect(b.src, b.src).toMatch(/^\/guide\/[a-z-]+\.webp$/);
      }
    }
  });

  it('covers each capability', () => {
    const titles = GUIDE_ARTICLES.map((a) => a.title).join(' | ');
    for (const word of ['Uploading', 'Fixing', 'Delivering', 'Scheduling', 'Approvals', 'Balance', 'Plans', 'Parcels'])
      expect(titles).toContain(word);
    for (const word of ['storage', 'Customers', 'Letterheads', 'Integrations', 'Users, departments', 'Desktop'])
      expect(titles).toContain(word);
  });

  it('links only to routes of the product', () => {
    const known =
      /^\/(letters|parcels|storage|finances|users|customers|letterheads|integrations|plans|main|accountSettings|download\/(windows|mac)|guide\/[a-z-]+)$/;
    for (const a of GUIDE_ARTICLES) {
      const text = JSON.stringify(a.blocks);
      for (const m of text.matchAll(/\]\((\/[^)]*)\)/g)) {
        expect(m[1], a.slug).toMatch(known);
        if (m[1]!.startsWith('/guide/')) expect(findArticle(m[1]!.slice(7)), m[1]).toBeDefined();
      }
    }
  });
});

describe('guide search', () => {
  const sample: GuideArticle[] = [
    { slug: 'a', title: 'Café orders', summary: 'About the café.', blocks: [] },
    { slug: 'b', title: 'Parcels', summary: 'Carriers.', blocks: [{ kind: 'p', text: 'Order a **café** latte.' }] },
  ];

  it('matches every word in title, summary or body, without case or accents, title matches first', () => {
    expect(searchArticles('CAFE', sample).map((a) => a.slug)).toEqual(['a', 'b']);
    expect(searchArticles('latte', sample).map((a) => a.slug)).toEqual(['b']);
    expect(searchArticles('café carriers', sample).map((a) => a.slug)).toEqual(['b']);
    expect(searchArticles('  ', sample)).toHaveLength(2);
    expect(searchArticles('zebra', sample)).toEqual([]);
  });

  it('marks matches in the original text, accents and all', () => {
    expect(matchRanges("O'Brien’s café, Café", ['cafe'])).toEqual([
      [10, 14],
      [16, 20],
    ]);
    expect(matchRanges('spending cap', ['spend', 'ending'])).toEqual([[0, 8]]);
    expect(matchRanges('nothing', [])).toEqual([]);
  });

  it('renders article text as text, never as HTML', () => {
    const view = render(
      <MemoryRouter>
        <GuideText text={'<img src=x onerror="alert(1)"> **<b>bold</b>** [x](javascript:alert(1))'} terms={[]} />
      </MemoryRouter>,
    );
    expect(view.container.querySelector('img')).toBeNull();
    expect(view.container.querySelector('b')).toBeNull();
    expect(view.container.querySelector('a')).toBeNull();
    expect(view.container.textContent).toContain('<img src=x onerror="alert(1)">');
    expect(view.container.querySelector('strong')?.textContent).toBe('<b>bold</b>');
  });
});

describe('guide page', () => {
  it('lists every article with a table of contents, and passes axe', async () => {
    const view = renderAt('/guide');
    expect(screen.getByRole('heading', { level: 1, name: 'Guide' })).toBeTruthy();
    const contents = screen.getByRole('navigation', { name: GUIDE_TEXT.contents });
    expect(within(contents).getAllByRole('link')).toHaveLength(GUIDE_ARTICLES.length);
    expect(screen.getAllByTestId('guide-result')).toHaveLength(GUIDE_ARTICLES.length);
    expect(await axeViolations(view.container)).toEqual([]);
  });

  it('filters by title and body as the user types, highlights the matches, and says when nothing matches', async () => {
    const view = renderAt('/guide');
    const search = screen.getByRole('searchbox', { name: GUIDE_TEXT.search });
    fireEvent.change(search, { target: { value: 'address sheet' } });
    const results = screen.getAllByTestId('guide-result');
    // "sheet" is also in "spreadsheet" (Customers): the article about address sheets comes first by its body.
    expect(results.map((r) => within(r).getByRole('heading').textContent)).toEqual([
      'Fixing problems with a letter',
      'Customers',
    ]);
    const marks = view.container.querySelectorAll('mark');
    expect(marks.length).toBeGreaterThan(1);
    expect([...marks].map((m) => m.textContent?.toLowerCase())).toContain('address');
    expect(screen.getByTestId('where').textContent).toBe('/guide?q=address+sheet');
    expect(screen.getByTestId('guide-search-status').textContent).toBe('2 articles match your search.');

    fireEvent.change(search, { target: { value: 'Spending' } });
    const titles = screen.getAllByTestId('guide-result').map((r) => within(r).getByRole('heading').textContent);
    expect(titles[0]).toBe('Balance, top-ups and spending limits');

    fireEvent.change(search, { target: { value: 'fax machine' } });
    expect(screen.queryAllByTestId('guide-result')).toHaveLength(0);
    expect(screen.getByText('No articles match "fax machine".')).toBeTruthy();
    expect(await axeViolations(view.container)).toEqual([]);

    fireEvent.change(search, { target: { value: '' } });
    expect(screen.getAllByTestId('guide-result')).toHaveLength(GUIDE_ARTICLES.length);
    expect(screen.getByTestId('where').textContent).toBe('/guide');
  });

  it('opens an article by its address, with its sections, pictures, previous and next', async () => {
    const view = renderAt('/guide/fixing-letters');
    expect(screen.getByRole('heading', { level: 1, name: 'Fixing problems with a letter' })).toBeTruthy();
    const contents = screen.getByRole('navigation', { name: GUIDE_TEXT.contents });
    expect(within(contents).getByRole('link', { current: 'page' }).textContent).toBe('Fixing problems with a letter');
    const onThisPage = screen.getByRole('navigation', { name: 'On this page' });
    expect(
      within(onThisPage).getByRole('link', { name: 'The barcode area is not empty' }).getAttribute('href'),
    ).toMatch(/^#fixing-letters-section-\d+$/);
    expect(screen.getByRole('img', { name: /A letter opened in its panel/ }).getAttribute('src')).toBe(
      '/guide/letter-panel.webp',
    );
    expect(screen.getAllByText('Add an address sheet', { selector: 'strong' }).length).toBeGreaterThan(0);
    expect(within(onThisPage).getByRole('link', { name: 'The address runs outside the window' })).toBeTruthy();
    const pager = screen.getByRole('navigation', { name: 'More articles' });
    expect(
      within(pager)
        .getByRole('link', { name: /Previous: Uploading letters/ })
        .getAttribute('href'),
    ).toBe('/guide/uploading-letters');
    fireEvent.click(within(pager).getByRole('link', { name: /Next: Delivering letters/ }));
    expect(screen.getByRole('heading', { level: 1, name: 'Delivering letters' })).toBeTruthy();
    expect(await axeViolations(view.container)).toEqual([]);
  });

  it('keeps the search when an article is opened from the results, marking it there', () => {
    const view = renderAt('/guide?q=postcode');
    const first = screen.getAllByTestId('guide-result')[0]!;
    fireEvent.click(within(first).getAllByRole('link')[0]!);
    expect(screen.getByTestId('where').textContent).toMatch(/^\/guide\/[a-z-]+\?q=postcode$/);
    // With a search the results stay in view; clearing it shows the article.
    fireEvent.change(screen.getByRole('searchbox', { name: GUIDE_TEXT.search }), { target: { value: '' } });
    expect(screen.getByTestId('guide-article')).toBeTruthy();
    expect(view.container.querySelectorAll('mark')).toHaveLength(0);
  });

  it('says an unknown article does not exist', () => {
    renderAt('/guide/no-such-article');
    expect(screen.getByText(GUIDE_TEXT.notFound, { selector: 'p' })).toBeTruthy();
    expect(screen.getByRole('link', { name: GUIDE_TEXT.backToGuide }).getAttribute('href')).toBe('/guide');
  });
});

describe('screen help button', () => {
  it('links a screen to its article, and is absent without one', async () => {
    const view = render(
      <MemoryRouter>
        <Page title="Parcels" help={SCREEN_HELP.parcels}>
          content
        </Page>
        <Page title="Company profile">content</Page>
      </MemoryRouter>,
    );
    const links = screen.getAllByRole('link', { name: pageHelpLabel('Parcels') });
    expect(links).toHaveLength(1);
    expect(links[0]!.getAttribute('href')).toBe('/guide/parcels');
    expect(screen.queryByRole('link', { name: pageHelpLabel('Company profile') })).toBeNull();
    expect(await axeViolations(view.container)).toEqual([]);
  });
});
