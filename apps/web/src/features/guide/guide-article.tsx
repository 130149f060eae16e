import ArrowBack from '@mui/icons-material/ArrowBack';
import ArrowForward from '@mui/icons-material/ArrowForward';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router';
import { visuallyHidden } from '../../components/visually-hidden';
import { GUIDE_ARTICLES, type GuideArticle, type GuideBlock } from './articles';
import { GuideText } from './guide-text';

/** The id of an article's section heading, for the "On this page" links. */
const sectionId = (slug: string, index: number) => `${slug}-section-${index}`;

/** One article: its summary, "On this page", its blocks, then previous and next. */
export function GuideArticleView({ article, terms }: { article: GuideArticle; terms: readonly string[] }) {
  const index = GUIDE_ARTICLES.findIndex((a) => a.slug === article.slug);
  const previous = index > 0 ? GUIDE_ARTICLES[index - 1] : undefined;
  const next = index >= 0 && index < GUIDE_ARTICLES.length - 1 ? GUIDE_ARTICLES[index + 1] : undefined;
  const sections = article.blocks
    .map((b, i) => ({ b, i }))
    .filter((x): x is { b: Extract<GuideBlock, { kind: 'h' }>; i: number } => x.b.kind === 'h');
  const tocId = useId();
  const pagerId = useId();

  return (
    <Box component="article" data-testid="guide-article" sx={{ maxWidth: 760 }}>
      <Typography sx={{ fontSize: '1.1rem', mb: 2 }}>
        <GuideText text={article.summary} terms={terms} />
      </Typography>
      {sections.length > 1 ? (
        <Box component="nav" aria-labelledby={tocId} sx={{ mb: 3, p: 2, bgcolor: 'action.hover', borderRadius: 1 }}>
          <Typography id={tocId} component="h2" variant="subtitle2">
            On this page
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 3 }}>
            {sections.map(({ b, i }) => (
              <li key={i}>
                <Link href={`#${sectionId(article.slug, i)}`}>{b.text}</Link>
              </li>
            ))}
          </Box>
        </Box>
      ) : null}
      {article.blocks.map((block, i) => (
        // The blocks are fixed content: their order is their identity.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <Block key={i} block={block} id={sectionId(article.slug, i)} terms={terms} />
      ))}
      <Box
        component="nav"
        aria-labelledby={pagerId}
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          justifyContent: 'space-between',
          gap: 2,
          mt: 4,
          pt: 2,
          borderTop: 1,
          borderColor: 'divider',
        }}
      >
        <Typography id={pagerId} component="h2" sx={visuallyHidden}>
          More articles
        </Typography>
        {previous ? (
          <Link component={RouterLink} to={`/guide/${previous.slug}`} sx={pagerLink} rel="prev">
            <ArrowBack fontSize="small" aria-hidden="true" /> Previous: {previous.title}
          </Link>
        ) : (
          <span />
        )}
        {next ? (
          <Link component={RouterLink} to={`/guide/${next.slug}`} sx={pagerLink} rel="next">
            Next: {next.title} <ArrowForward fontSize="small" aria-hidden="true" />
          </Link>
        ) : null}
      </Box>
    </Box>
  );
}

const pagerLink = { display: 'inline-flex', alignItems: 'center', gap: 0.5 } as const;
// Pixels as strings: in sx a bare 1 means 100 %.

function Block({ block, id, terms }: { block: GuideBlock; id: string; terms: readonly string[] }) {
  switch (block.kind) {
    case 'h':
      return (
        <Typography id={id} component="h2" variant="h6" sx={{ mt: 3, mb: 1, scrollMarginTop: 80 }}>
          <GuideText text={block.text} terms={terms} />
        </Typography>
      );
    case 'p':
      return (
        <Typography sx={{ mb: 1.5 }}>
          <GuideText text={block.text} terms={terms} />
        </Typography>
      );
    case 'tip':
      return (
        <Box sx={{ mb: 1.5, p: 1.5, borderLeft: 4, borderColor: 'primary.main', bgcolor: 'action.hover' }}>
          <Typography>
            <strong>Tip: </strong>
            <GuideText text={block.text} terms={terms} />
          </Typography>
        </Box>
      );
    case 'steps':
    case 'list':
      return (
        <Box component={block.kind === 'steps' ? 'ol' : 'ul'} sx={{ mt: 0, mb: 1.5, pl: 3, '& li': { mb: 0.75 } }}>
          {block.items.map((item) => (
            <Typography component="li" key={item}>
              <GuideText text={item} terms={terms} />
            </Typography>
          ))}
        </Box>
      );
    case 'image':
      return (
        <Box component="figure" sx={{ m: 0, mb: 2 }}>
          <Box
            component="img"
            src={block.src}
            alt={block.alt}
            width={1280}
            height={800}
            loading="lazy"
            sx={{ display: 'block', width: '100%', height: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }}
          />
          {block.caption ? (
            <Typography component="figcaption" variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              {block.caption}
            </Typography>
          ) : null}
        </Box>
      );
  }
}
