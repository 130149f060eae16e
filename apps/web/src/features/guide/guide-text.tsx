import Link from '@mui/material/Link';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { matchRanges } from './highlight';

/** A text with the search terms marked (<mark>), as React text nodes: nothing is parsed as HTML. */
export function Highlighted({ text, terms }: { text: string; terms: readonly string[] }) {
  const ranges = matchRanges(text, terms);
  if (ranges.length === 0) return <>{text}</>;
  const parts: ReactNode[] = [];
  let at = 0;
  for (const [start, end] of ranges) {
    if (start > at) parts.push(text.slice(at, start));
    parts.push(
      <mark key={start} data-testid="guide-match">
        {text.slice(start, end)}
      </mark>,
    );
    at = end;
  }
  if (at < text.length) parts.push(text.slice(at));
  return <>{parts}</>;
}

// **bold** (a button or field of the product) and [words](/path) (a screen of the product; internal paths only).
const INLINE = /\*\*(.+?)\*\*|\[([^\]]+)\]\((\/[^)\s]*)\)/g;

/** An article's inline text: bold names and links to the product's screens, the search terms marked. */
export function GuideText({ text, terms }: { text: string; terms: readonly string[] }) {
  const parts: ReactNode[] = [];
  let at = 0;
  for (const m of text.matchAll(INLINE)) {
    const index = m.index ?? 0;
    if (index > at) parts.push(<Highlighted key={`t${at}`} text={text.slice(at, index)} terms={terms} />);
    if (m[1] !== undefined) {
      parts.push(
        <strong key={`b${index}`}>
          <Highlighted text={m[1]} terms={terms} />
        </strong>,
      );
    } else {
      parts.push(
        <Link key={`l${index}`} component={RouterLink} to={m[3]!}>
          <Highlighted text={m[2]!} terms={terms} />
        </Link>,
      );
    }
    at = index + m[0].length;
  }
  if (at < text.length) parts.push(<Highlighted key={`t${at}`} text={text.slice(at)} terms={terms} />);
  return <>{parts}</>;
}
