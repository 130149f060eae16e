import { BREAKPOINTS } from '@lp/domain';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId } from 'react';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import { Page } from '../../components/page';
import {
  findArticle,
  fold,
  GUIDE_ARTICLES,
  type GuideArticle,
  plainText,
  searchArticles,
  searchTerms,
} from './articles';
import { GuideArticleView } from './guide-article';
import { GuideText, Highlighted } from './guide-text';

export const GUIDE_TEXT = {
  title: 'Guide',
  intro: 'How to do everything LetterPost offers, screen by screen. Search, or pick a topic.',
  search: 'Search the guide',
  contents: 'Contents',
  noMatch: (query: string) => `No articles match "${query}".`,
  results: (n: number) => `${n} ${n === 1 ? 'article matches' : 'articles match'} your search.`,
  notFound: 'There is no article at this address.',
  articleNotFound: 'Article not found',
  backToGuide: 'Back to the guide',
} as const;

/** /guide (the index, searchable) and /guide/:slug (one article); the search stays in ?q=. */
export function GuidePage() {
  const { slug } = useParams();
  const [params, setParams] = useSearchParams();
  const query = params.get('q') ?? '';
  const terms = searchTerms(query);
  const results = searchArticles(query);
  const article = slug === undefined ? undefined : findArticle(slug);

  const setQuery = (q: string) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (q) next.set('q', q);
        else next.delete('q');
        return next;
      },
      { replace: true },
    );

  const title = slug === undefined ? GUIDE_TEXT.title : (article?.title ?? GUIDE_TEXT.articleNotFound);
  return (
    <Page title={title} maxWidth={1200}>
      {slug !== undefined ? (
        <Breadcrumbs aria-label="Breadcrumb" sx={{ mb: 2, mt: -1 }}>
          <Link component={RouterLink} to={query ? `/guide?q=${encodeURIComponent(query)}` : '/guide'}>
            {GUIDE_TEXT.title}
          </Link>
          <Typography color="text.primary" aria-current="page">
            {article?.title ?? GUIDE_TEXT.articleNotFound}
          </Typography>
        </Breadcrumbs>
      ) : null}
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '280px minmax(0, 1fr)' },
          gap: { xs: 2, md: 4 },
          alignItems: 'start',
        }}
      >
        <Box component="aside" sx={{ minWidth: 0, position: { md: 'sticky' }, top: { md: 16 } }}>
          <TextField
            type="search"
            label={GUIDE_TEXT.search}
            value={query}
            onChange={(e) => setQuery(e.target.value.slice(0, 200))}
            fullWidth
            size="small"
            slotProps={{
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon aria-hidden="true" />
                  </InputAdornment>
                ),
              },
            }}
          />
          <Contents articles={results} current={article?.slug} query={query} terms={terms} />
        </Box>
        <Box sx={{ minWidth: 0 }}>
          {slug === undefined || terms.length > 0 ? (
            <Results articles={results} query={query} terms={terms} showIntro={slug === undefined} />
          ) : article ? (
            <GuideArticleView article={article} terms={terms} />
          ) : (
            <Box>
              <Typography sx={{ mb: 2 }}>{GUIDE_TEXT.notFound}</Typography>
              <Link component={RouterLink} to="/guide">
                {GUIDE_TEXT.backToGuide}
              </Link>
            </Box>
          )}
        </Box>
      </Box>
    </Page>
  );
}

const articleLink = (slug: string, query: string) =>
  `/guide/${slug}${query.trim() ? `?q=${encodeURIComponent(query)}` : ''}`;

/** The table of contents: every article (or those matching the search), the open one marked. */
function Contents({
  articles,
  current,
  query,
  terms,
}: {
  articles: readonly GuideArticle[];
  current: string | undefined;
  query: string;
  terms: readonly string[];
}) {
  const headingId = useId();
  // Under the 900 px breakpoint (MUI's md, where the contents move above the article).
  const narrow = useMediaQuery(`(max-width:${BREAKPOINTS.cards - 0.05}px)`);
  const shown = terms.length > 0 ? articles : GUIDE_ARTICLES;
  const list = (
    <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {shown.map((a) => (
        <li key={a.slug}>
          <Link
            component={RouterLink}
            to={articleLink(a.slug, query)}
            aria-current={a.slug === current ? 'page' : undefined}
            underline="hover"
            sx={{
              display: 'block',
              py: 0.75,
              px: 1,
              borderRadius: 1,
              fontWeight: a.slug === current ? 700 : 400,
              bgcolor: a.slug === current ? 'action.selected' : undefined,
            }}
          >
            <Highlighted text={a.title} terms={terms} />
          </Link>
        </li>
      ))}
    </Box>
  );
  // On a phone an open article comes first: the contents fold away behind their heading.
  if (narrow && current && terms.length === 0) {
    return (
      <Box component="nav" aria-label={GUIDE_TEXT.contents} sx={{ mt: 2 }}>
        <Box component="details" sx={{ '& > summary': { cursor: 'pointer', py: 1, fontWeight: 600 } }}>
          <summary>{GUIDE_TEXT.contents}</summary>
          {list}
        </Box>
      </Box>
    );
  }
  return (
    <Box component="nav" aria-labelledby={headingId} sx={{ mt: 2 }}>
      <Typography id={headingId} component="h2" variant="overline" sx={{ display: 'block', color: 'text.secondary' }}>
        {GUIDE_TEXT.contents}
      </Typography>
      {list}
    </Box>
  );
}

/** The index: every article with its summary, or those matching the search with the matches marked. */
function Results({
  articles,
  query,
  terms,
  showIntro,
}: {
  articles: readonly GuideArticle[];
  query: string;
  terms: readonly string[];
  showIntro: boolean;
}) {
  return (
    <Box>
      {showIntro && terms.length === 0 ? <Typography sx={{ mb: 2 }}>{GUIDE_TEXT.intro}</Typography> : null}
      <Typography
        role="status"
        data-testid="guide-search-status"
        sx={{ mb: 2, fontWeight: terms.length > 0 ? 600 : undefined }}
      >
        {terms.length === 0
          ? ''
          : articles.length === 0
            ? GUIDE_TEXT.noMatch(query.trim())
            : GUIDE_TEXT.results(articles.length)}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
        {articles.map((a) => (
          <Paper component="li" variant="outlined" key={a.slug} sx={{ p: 2 }} data-testid="guide-result">
            <Typography component="h2" variant="h6" sx={{ fontSize: '1.1rem' }}>
              <Link component={RouterLink} to={articleLink(a.slug, query)}>
                <Highlighted text={a.title} terms={terms} />
              </Link>
            </Typography>
            <Typography color="text.secondary" sx={{ mt: 0.5 }}>
              <GuideText text={a.summary} terms={terms} />
            </Typography>
            {terms.length > 0 ? <Excerpt article={a} terms={terms} /> : null}
          </Paper>
        ))}
      </Box>
    </Box>
  );
}

/** The first passage of the body where a term occurs, so a result shows why it matched. */
function Excerpt({ article, terms }: { article: GuideArticle; terms: readonly string[] }) {
  const passage = firstMatchingPassage(article, terms);
  if (!passage) return null;
  return (
    <Typography variant="body2" sx={{ mt: 1 }}>
      <GuideText text={passage} terms={terms} />
    </Typography>
  );
}

function firstMatchingPassage(article: GuideArticle, terms: readonly string[]): string | null {
  for (const b of article.blocks) {
    const texts = b.kind === 'steps' || b.kind === 'list' ? b.items : b.kind === 'image' ? [] : [b.text];
    for (const t of texts) {
      const plain = fold(plainText(t));
      if (terms.some((term) => plain.includes(term))) return t;
    }
  }
  return null;
}

export default GuidePage;
