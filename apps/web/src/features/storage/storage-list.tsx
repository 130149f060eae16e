import { formatBytes, STORAGE_MESSAGES, STORAGE_ROW_HEIGHT } from '@lp/domain';
import CheckCircle from '@mui/icons-material/CheckCircle';
import Folder from '@mui/icons-material/Folder';
import FolderShared from '@mui/icons-material/FolderShared';
import ImageIcon from '@mui/icons-material/Image';
import InsertDriveFile from '@mui/icons-material/InsertDriveFile';
import Lock from '@mui/icons-material/LockOutlined';
import MarkEmailRead from '@mui/icons-material/MarkEmailRead';
import PictureAsPdf from '@mui/icons-material/PictureAsPdf';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import {
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  type RefObject,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { visuallyHidden } from '../../components/visually-hidden';
import { formatDisplayDate } from '../../lib/dates';
import type { StorageItem } from './api';
import { displayName, isCustomerFolder, isImage, kindLabel } from './items';

export const STORAGE_COLUMNS = ['Kind', 'Name', 'Number of files', 'Size', 'Last modified', 'Editable'] as const;
export const LIST_TITLE = 'Files and folders';
export const LIST_KEYS_HINT =
  'Use the arrow keys to move between rows, Space to select a row, and Enter (or a double-click) to open it.';
export const LOADING_MORE = 'Loading more...';
export const NOT_APPLICABLE = 'Not applicable';

/** Rows drawn above and below the visible ones. */
const OVERSCAN = 4;
/** The height assumed before the list has been measured (and in tests, where nothing is laid out). */
const FALLBACK_HEIGHT = 900;
const HEADER_HEIGHT = 56;

export interface StorageListProps {
  items: readonly StorageItem[];
  /** The first page is on its way. */
  loading: boolean;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  selectedIds: ReadonlySet<string>;
  onToggle: (id: string) => void;
  onToggleAll: () => void;
  onOpen: (item: StorageItem) => void;
  /** Under 900 px: a card per row instead of the table. */
  cards: boolean;
  /** Changes with the folder shown: the list scrolls back to its top. */
  resetKey: string;
}

function useElementHeight(ref: RefObject<HTMLElement | null>): number {
  const [height, setHeight] = useState(0);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    setHeight(el.clientHeight);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setHeight(el.clientHeight));
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return height;
}

function KindIcon({ item }: { item: StorageItem }) {
  const sx = { fontSize: 40 };
  if (isCustomerFolder(item)) return <FolderShared color="primary" sx={sx} aria-hidden="true" />;
  if (item.kind === 'folder') return <Folder color="primary" sx={sx} aria-hidden="true" />;
  if (item.type === 'letter_link') return <MarkEmailRead color="secondary" sx={sx} aria-hidden="true" />;
  if (isImage(item)) return <ImageIcon color="action" sx={sx} aria-hidden="true" />;
  if ((item.ext ?? '').toLowerCase() === 'pdf' || item.type === 'pdf')
    return <PictureAsPdf color="error" sx={sx} aria-hidden="true" />;
  return <InsertDriveFile color="action" sx={sx} aria-hidden="true" />;
}

function FilesCount({ item }: { item: StorageItem }) {
  if (item.numFiles < 0)
    return (
      <>
        <span aria-hidden="true">—</span>
        <Box component="span" sx={visuallyHidden}>
          {NOT_APPLICABLE}
        </Box>
      </>
    );
  return <>{item.numFiles.toLocaleString('en-GB')}</>;
}

function Editable({ item }: { item: StorageItem }) {
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
      {item.editable ? (
        <CheckCircle fontSize="small" color="success" aria-hidden="true" />
      ) : (
        <Lock fontSize="small" color="disabled" aria-hidden="true" />
      )}
      {item.editable ? 'Yes' : 'No'}
    </Box>
  );
}

/**
 * The current folder's items: a table (a card each under 900 px) with rows 150 high and no pages.
 * Only the rows in view (and a few around them) are in the page, so a folder of 10,000 items scrolls
 * as lightly as one of ten; the next keyset page is asked for as the end comes into view.
 *
 * Keyboard: one row is in the tab order; the arrow keys, Page Up/Down, Home and End move between rows,
 * Space selects, Enter opens (a folder: into it; a file: the viewer).
 */
export function StorageList(props: StorageListProps) {
  const { items, loading, hasMore, loadingMore, onLoadMore, selectedIds, onToggle, onToggleAll, onOpen, cards } = props;
  const scroller = useRef<HTMLDivElement>(null);
  const viewport = useElementHeight(scroller) || FALLBACK_HEIGHT;
  const [scrollTop, setScrollTop] = useState(0);
  const [active, setActive] = useState(0);
  const pendingFocus = useRef<number | null>(null);
  const hintId = useId();
  const rowHeight = STORAGE_ROW_HEIGHT;
  const header = cards ? 0 : HEADER_HEIGHT;

  // A new folder starts at its top, with its first row the one the keyboard lands on.
  // biome-ignore lint/correctness/useExhaustiveDependencies: resetKey names the folder shown
  useLayoutEffect(() => {
    if (scroller.current) scroller.current.scrollTop = 0;
    setScrollTop(0);
    setActive(0);
  }, [props.resetKey]);

  const count = items.length;
  const current = Math.min(active, Math.max(0, count - 1));
  const start = Math.max(0, Math.floor(Math.max(0, scrollTop - header) / rowHeight) - OVERSCAN);
  const end = Math.min(count, Math.ceil((scrollTop + viewport) / rowHeight) + OVERSCAN);

  useEffect(() => {
    if (hasMore && !loadingMore && end >= count - OVERSCAN) onLoadMore();
  }, [hasMore, loadingMore, end, count, onLoadMore]);

  useLayoutEffect(() => {
    const index = pendingFocus.current;
    if (index === null) return;
    const row = scroller.current?.querySelector<HTMLElement>(`[data-index="${index}"]`);
    if (row) {
      pendingFocus.current = null;
      row.focus({ preventScroll: true });
    }
  });

  const moveTo = (index: number) => {
    if (count === 0) return;
    const i = Math.min(Math.max(0, index), count - 1);
    const el = scroller.current;
    if (el) {
      const top = header + i * rowHeight;
      const height = el.clientHeight || viewport;
      let next = el.scrollTop;
      if (top - header < next) next = top - header;
      else if (top + rowHeight > next + height) next = top + rowHeight - height;
      if (next !== el.scrollTop) {
        el.scrollTop = next;
        setScrollTop(next);
      }
    }
    setActive(i);
    pendingFocus.current = i;
  };

  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    const row = (e.target as HTMLElement).closest<HTMLElement>('[data-index]');
    if (!row) return;
    const index = Number(row.dataset.index);
    const item = items[index];
    if (!item) return;
    const onInput = (e.target as HTMLElement).tagName === 'INPUT';
    const page = Math.max(1, Math.floor(viewport / rowHeight));
    const keys: Record<string, () => void> = {
      ArrowDown: () => moveTo(index + 1),
      ArrowUp: () => moveTo(index - 1),
      PageDown: () => moveTo(index + page),
      PageUp: () => moveTo(index - page),
      Home: () => moveTo(0),
      End: () => moveTo(count - 1),
    };
    if (!onInput) {
      keys.Enter = () => onOpen(item);
      keys[' '] = () => onToggle(item.id);
    }
    const action = keys[e.key];
    if (action && !e.altKey && !e.ctrlKey && !e.metaKey) {
      e.preventDefault();
      action();
    }
  };

  const rowEvents = (index: number, item: StorageItem) => ({
    'data-index': index,
    tabIndex: index === current ? 0 : -1,
    onFocus: () => setActive(index),
    onDoubleClick: (e: MouseEvent) => {
      if ((e.target as HTMLElement).closest('input, button')) return;
      onOpen(item);
    },
  });

  const checkbox = (item: StorageItem) => (
    <Checkbox
      size={cards ? 'small' : 'medium'}
      checked={selectedIds.has(item.id)}
      onChange={() => onToggle(item.id)}
      onClick={(e) => e.stopPropagation()}
      onDoubleClick={(e) => e.stopPropagation()}
      slotProps={{ input: { 'aria-label': `Select ${displayName(item)}`, tabIndex: -1 } }}
    />
  );

  const allSelected = count > 0 && items.every((i) => selectedIds.has(i.id));
  const someSelected = !allSelected && items.some((i) => selectedIds.has(i.id));
  const selectAll = (
    <Checkbox
      checked={allSelected}
      indeterminate={someSelected}
      onChange={onToggleAll}
      disabled={count === 0}
      slotProps={{ input: { 'aria-label': 'Select all rows' } }}
    />
  );

  const status: ReactNode =
    loading || count === 0 ? (
      <Typography color="text.secondary" sx={{ py: 6, textAlign: 'center' }} role="status">
        {loading ? 'Loading...' : STORAGE_MESSAGES.empty}
      </Typography>
    ) : null;

  const above = start * rowHeight;
  const below = Math.max(0, (count - end) * rowHeight);
  const visible = items.slice(start, end);
  const scrollerSx = {
    height: { xs: 'min(70vh, 640px)', md: 'max(460px, calc(100vh - 330px))' },
    overflow: 'auto',
    position: 'relative',
    overscrollBehavior: 'contain',
  } as const;

  return (
    <Box>
      <Typography id={hintId} variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {LIST_KEYS_HINT}
      </Typography>
      {cards ? (
        <>
          <Box sx={{ display: 'flex', alignItems: 'center' }}>
            {selectAll}
            <Typography variant="body2">Select all</Typography>
          </Box>
          <Box
            ref={scroller}
            onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)}
            onKeyDown={onKeyDown}
            sx={scrollerSx}
          >
            {status ?? (
              <Box
                component="ul"
                aria-label={LIST_TITLE}
                aria-describedby={hintId}
                sx={{ listStyle: 'none', m: 0, p: 0, pt: `${above}px`, pb: `${below}px` }}
              >
                {visible.map((item, i) => (
                  <ItemCard
                    key={item.id}
                    item={item}
                    index={start + i}
                    rowEvents={rowEvents(start + i, item)}
                    checkbox={checkbox(item)}
                    selected={selectedIds.has(item.id)}
                  />
                ))}
              </Box>
            )}
            {loadingMore ? <LoadingMore /> : null}
          </Box>
        </>
      ) : (
        <Paper
          variant="outlined"
          ref={scroller}
          onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)}
          sx={scrollerSx}
        >
          <Box
            component="table"
            aria-label={LIST_TITLE}
            aria-describedby={hintId}
            aria-rowcount={hasMore ? -1 : count + 1}
            onKeyDown={onKeyDown}
            sx={{
              width: '100%',
              minWidth: 760,
              borderCollapse: 'separate',
              borderSpacing: 0,
              tableLayout: 'fixed',
              '& th': {
                position: 'sticky',
                top: 0,
                zIndex: 1,
                bgcolor: 'background.paper',
                textAlign: 'left',
                fontWeight: 700,
                px: 1.5,
                py: 1,
                height: HEADER_HEIGHT,
                boxSizing: 'border-box',
                borderBottom: 1,
                borderColor: 'divider',
              },
              // Words wrap whole; only a word wider than its column is broken (issue 27 item 10: names broke mid-word at 1100 px).
              '& td': { px: 1.5, borderBottom: 1, borderColor: 'divider', overflowWrap: 'break-word' },
            }}
          >
            <colgroup>
              <col style={{ width: 56 }} />
              <col style={{ width: 150 }} />
              <col />
              <col style={{ width: 110 }} />
              <col style={{ width: 110 }} />
              <col style={{ width: 170 }} />
              <col style={{ width: 100 }} />
            </colgroup>
            <thead>
              <tr aria-rowindex={1}>
                <Box component="th" scope="col" sx={{ '&&': { px: 0.5 } }}>
                  {selectAll}
                </Box>
                {STORAGE_COLUMNS.map((c) => (
                  <th key={c} scope="col">
                    {c}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {status ? (
                <tr>
                  <td colSpan={STORAGE_COLUMNS.length + 1}>{status}</td>
                </tr>
              ) : null}
              {above > 0 ? <Spacer height={above} testId="spacer-above" /> : null}
              {visible.map((item, i) => {
                const index = start + i;
                const selected = selectedIds.has(item.id);
                return (
                  <Box
                    component="tr"
                    key={item.id}
                    aria-rowindex={index + 2}
                    data-testid="storage-row"
                    {...rowEvents(index, item)}
                    sx={{
                      height: rowHeight,
                      cursor: 'default',
                      bgcolor: selected ? 'action.selected' : undefined,
                      '&:hover': { bgcolor: selected ? 'action.selected' : 'action.hover' },
                      '&:focus-visible': {
                        outline: 2,
                        outlineStyle: 'solid',
                        outlineColor: 'primary.main',
                        outlineOffset: -2,
                      },
                    }}
                  >
                    <Box component="td" sx={{ '&&': { px: 0.5 } }}>
                      {checkbox(item)}
                    </Box>
                    <td>
                      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                        <KindIcon item={item} />
                        <span>{kindLabel(item)}</span>
                      </Box>
                    </td>
                    <Box component="td" sx={{ fontWeight: 600 }}>
                      {/* At most four lines in the row's height, an ellipsis after; the whole name on hover. */}
                      <Box
                        component="span"
                        title={displayName(item)}
                        data-testid="storage-name"
                        sx={{
                          display: '-webkit-box',
                          WebkitLineClamp: 4,
                          WebkitBoxOrient: 'vertical',
                          overflow: 'hidden',
                        }}
                      >
                        {displayName(item)}
                      </Box>
                    </Box>
                    <td>
                      <FilesCount item={item} />
                    </td>
                    <td>{formatBytes(item.size)}</td>
                    <td>{formatDisplayDate(item.modified)}</td>
                    <td>
                      <Editable item={item} />
                    </td>
                  </Box>
                );
              })}
              {below > 0 ? <Spacer height={below} testId="spacer-below" /> : null}
            </tbody>
          </Box>
          {loadingMore ? <LoadingMore /> : null}
        </Paper>
      )}
    </Box>
  );
}

/**
 * The height of the rows not drawn, above or below those in view. Hidden from assistive technology:
 * it is an empty row that holds nothing focusable (the table's aria-rowcount gives the real count).
 */
function Spacer({ height, testId }: { height: number; testId: string }) {
  return (
    <Box component="tr" aria-hidden="true" data-testid={testId}>
      <td colSpan={STORAGE_COLUMNS.length + 1} style={{ height, padding: 0, border: 0 }} />
    </Box>
  );
}

function LoadingMore() {
  return (
    <Typography role="status" color="text.secondary" sx={{ py: 2, textAlign: 'center' }}>
      {LOADING_MORE}
    </Typography>
  );
}

interface ItemCardProps {
  item: StorageItem;
  index: number;
  rowEvents: Record<string, unknown>;
  checkbox: ReactNode;
  selected: boolean;
}

/** One item under 900 px: its kind and name, then the other columns as label and value, 150 high. */
function ItemCard({ item, rowEvents, checkbox, selected }: ItemCardProps) {
  const fields: [string, ReactNode][] = [
    ['Kind', kindLabel(item)],
    ['Number of files', <FilesCount key="n" item={item} />],
    ['Size', formatBytes(item.size)],
    ['Last modified', formatDisplayDate(item.modified)],
    ['Editable', <Editable key="e" item={item} />],
  ];
  return (
    <Box
      component="li"
      data-testid="storage-card"
      {...rowEvents}
      sx={{
        height: STORAGE_ROW_HEIGHT,
        boxSizing: 'border-box',
        pb: 1,
        outline: 'none',
        '&:focus-visible > div': { outline: 2, outlineStyle: 'solid', outlineColor: 'primary.main' },
      }}
    >
      <Paper
        variant="outlined"
        sx={{
          height: '100%',
          boxSizing: 'border-box',
          px: 1,
          py: 0.5,
          overflow: 'hidden',
          bgcolor: selected ? 'action.selected' : undefined,
        }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minWidth: 0 }}>
          {checkbox}
          <KindIcon item={item} />
          <Typography
            title={displayName(item)}
            sx={{ fontWeight: 600, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
          >
            {displayName(item)}
          </Typography>
        </Box>
        <Box
          component="dl"
          sx={{
            display: 'grid',
            gridTemplateColumns: 'max-content minmax(0, 1fr) max-content minmax(0, 1fr)',
            columnGap: 1,
            rowGap: 0.25,
            m: 0,
            fontSize: '0.8125rem',
            '@media (max-width: 599.95px)': { gridTemplateColumns: 'max-content minmax(0, 1fr)' },
          }}
        >
          {fields.map(([label, value]) => (
            <Box key={label} sx={{ display: 'contents' }}>
              <Typography component="dt" variant="body2" color="text.secondary" sx={{ fontSize: 'inherit' }}>
                {label}
              </Typography>
              <Typography
                component="dd"
                variant="body2"
                sx={{ m: 0, fontSize: 'inherit', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
              >
                {value}
              </Typography>
            </Box>
          ))}
        </Box>
      </Paper>
    </Box>
  );
}
