import { BREAKPOINTS, formatBytes, MESSAGES, STORAGE_MESSAGES, type StorageNameKind } from '@lp/domain';
import CloudUpload from '@mui/icons-material/CloudUpload';
import CreateNewFolder from '@mui/icons-material/CreateNewFolder';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Download from '@mui/icons-material/Download';
import DriveFileRenameOutline from '@mui/icons-material/DriveFileRenameOutline';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Visibility from '@mui/icons-material/Visibility';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { selectionText } from '../../components/data-table';
import { MessageBanner } from '../../components/message-banner';
import { Page } from '../../components/page';
import { isApiError } from '../../lib/api';
import { notify } from '../../lib/notify';
import { useMe } from '../../lib/session';
import { SCREEN_HELP } from '../guide/screen-help';
import {
  createFolder,
  type DiskUsage,
  deleteFiles,
  deleteItem,
  itemFileUrl,
  ROOT_ID,
  renameItem,
  type StorageItem,
  startDownload,
  storageKeys,
  useFolderListing,
} from './api';
import { DocumentViewer } from './document-viewer';
import { FolderTree, type TreeAction, type TreeNodeRef } from './folder-tree';
import { baseName, bulkRules, displayName, isFile, nameKind } from './items';
import { HOME_LABEL, StorageBreadcrumb } from './storage-breadcrumb';
import { DeleteDialog, DeleteFilesDialog, failureText, NameDialog } from './storage-dialogs';
import { StorageList } from './storage-list';
import { UploadDialog } from './upload-dialog';
import { storageUploads, useUploadQueue } from './upload-queue';

export const STORAGE_TITLE = 'Storage';
export const STORAGE_TEXT = {
  upload: 'Upload',
  newFolder: 'New folder',
  view: 'View',
  rename: 'Rename',
  delete: 'Delete',
  download: 'Download',
  clearSelection: 'Clear selection',
  bulkLabel: 'Selected items',
  diskUsage: 'Disk usage',
  used: (used: number, quota: number) => `${formatBytes(used)} of ${formatBytes(quota)} used`,
  folders: 'Folders',
  showFolders: 'Show folders',
  hideFolders: 'Hide folders',
  gone: 'This folder does not exist any more.',
  goHome: 'Go to Home',
  tryAgain: 'Try again',
  uploadingSummary: (name: string, done: number, total: number) => `Uploading ${name} (${done + 1} of ${total})`,
  showUploads: 'Show uploads',
} as const;

/** Files downloaded together start this far apart (browsers refuse a burst of downloads). */
const DOWNLOAD_GAP_MS = 1200;
/** The tree sits beside the table from this width; under it, in a panel that opens above. */
const TREE_BESIDE = `(min-width:${BREAKPOINTS.drawer}px)`;
const CARDS = `(max-width:${BREAKPOINTS.cards - 0.05}px)`;

/** An item a dialog acts on: a row of the table, or a folder of the tree. */
interface Target {
  id: string;
  kind: StorageNameKind;
  /** The name as shown (a file's with its extension). */
  name: string;
  /** A rename starts from this (a file's name without its extension). */
  base: string;
  ext: string | null;
  /** The folder it is in, when known (the tree's). */
  parentId?: string | null;
}

type DialogState =
  | { kind: 'none' }
  | { kind: 'new'; parentId: string; parentName: string }
  | { kind: 'rename'; target: Target }
  | { kind: 'delete'; target: Target }
  | { kind: 'deleteFiles'; items: StorageItem[] }
  | { kind: 'upload' }
  | { kind: 'view'; item: StorageItem };

const targetOf = (item: StorageItem): Target => ({
  id: item.id,
  kind: nameKind(item),
  name: displayName(item),
  base: baseName(item),
  ext: isFile(item) ? item.ext : null,
});

/**
 * /storage (part 2 "Document storage screen"; issue 14): the company's folders and files. Everyone
 * with access_storage browses, views and downloads; manage_storage also uploads, makes folders,
 * renames and deletes (decision 0020's API; the server decides, the screen offers what it allows).
 */
export function StoragePage() {
  const me = useMe().data;
  if (!me) return null;
  const abilities = new Set(me.abilities);
  const canManage = abilities.has('manage_storage');
  if (!canManage && !abilities.has('access_storage')) {
    return (
      <Page title={STORAGE_TITLE}>
        <MessageBanner kind="info">{MESSAGES.permissionDenied}</MessageBanner>
      </Page>
    );
  }
  return <Storage canManage={canManage} />;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function Storage({ canManage }: { canManage: boolean }) {
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const folderId = params.get('folder') || ROOT_ID;
  const listing = useFolderListing(folderId);
  const cards = useMediaQuery(CARDS);
  const treeBeside = useMediaQuery(TREE_BESIDE);
  const [treeOpen, setTreeOpen] = useState(false);
  const [dialog, setDialog] = useState<DialogState>({ kind: 'none' });
  const [selection, setSelection] = useState<{ folder: string; ids: ReadonlySet<string> }>({
    folder: folderId,
    ids: new Set(),
  });
  const treePanelId = useId();
  const uploads = useUploadQueue();

  const pages = listing.data?.pages;
  const first = pages?.[0];
  const items = useMemo(() => pages?.flatMap((p) => p.items) ?? [], [pages]);
  const loading = listing.isPending || listing.isPlaceholderData;
  const shownFolderId = first?.folder.id ?? folderId;
  const path = useMemo(() => (first?.breadcrumb ?? []).filter((b) => b.id !== ROOT_ID), [first]);
  const folderName = path.at(-1)?.name ?? HOME_LABEL;
  const folderEditable = first?.folder.editable ?? false;

  const selectedIds = selection.folder === folderId ? selection.ids : new Set<string>();
  const selected = useMemo(() => items.filter((i) => selectedIds.has(i.id)), [items, selectedIds]);
  const rules = bulkRules(selected, canManage);
  const setSelectedIds = (ids: ReadonlySet<string>) => setSelection({ folder: folderId, ids });
  const clearSelection = () => setSelectedIds(new Set());

  const { fetchNextPage, isFetchingNextPage } = listing;
  const loadMore = useCallback(() => {
    if (!isFetchingNextPage) void fetchNextPage({ cancelRefetch: false });
  }, [fetchNextPage, isFetchingNextPage]);
  const refresh = useCallback(() => queryClient.invalidateQueries({ queryKey: storageKeys.all }), [queryClient]);
  // After each upload (stored, refused or cancelled) the listing and the tree are asked again.
  useEffect(() => storageUploads.onSettled(() => void refresh()), [refresh]);

  const openFolder = (id: string | null) => {
    if (id === null || id === ROOT_ID) setParams({});
    else setParams({ folder: id });
  };
  const open = (item: StorageItem) => {
    if (isFile(item)) setDialog({ kind: 'view', item });
    else openFolder(item.id);
  };
  const close = () => setDialog({ kind: 'none' });

  /** Runs a change; on failure the snackbar says why (the dialog, which stays open, says it too). */
  const change = async (run: () => Promise<unknown>, success: string) => {
    try {
      await run();
    } catch (error) {
      notify(failureText(error), { variant: 'error' });
      throw error;
    }
    notify(success, { variant: 'success' });
    await refresh();
    close();
  };

  const onTreeAction = (action: TreeAction, node: TreeNodeRef) => {
    if (action === 'newFolder') setDialog({ kind: 'new', parentId: node.id, parentName: node.name });
    else {
      const target: Target = {
        id: node.id,
        kind: 'folder',
        name: node.name,
        base: node.name,
        ext: null,
        parentId: node.parentId,
      };
      setDialog({ kind: action, target });
    }
  };

  const download = async (files: readonly StorageItem[]) => {
    for (const [i, file] of files.entries()) {
      if (i > 0) await wait(DOWNLOAD_GAP_MS);
      startDownload(itemFileUrl(file.id, true), displayName(file));
    }
  };

  const error = listing.isError && !listing.data ? listing.error : null;
  const usage = first?.disk_usage ?? null;
  const active = uploads.find((u) => u.state === 'uploading');
  const running = uploads.filter((u) => u.state !== 'cancelled');

  const tree = (
    <FolderTree
      currentId={shownFolderId}
      path={path}
      onOpen={(id) => {
        openFolder(id);
        if (!treeBeside) setTreeOpen(false);
      }}
      canManage={canManage}
      onAction={onTreeAction}
    />
  );

  return (
    <Page
      title={STORAGE_TITLE}
      help={SCREEN_HELP.storage}
      maxWidth={1600}
      actions={
        canManage ? (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            <Button
              variant="contained"
              startIcon={<CloudUpload />}
              onClick={() => setDialog({ kind: 'upload' })}
              disabled={loading}
            >
              {STORAGE_TEXT.upload}
            </Button>
            <Button
              variant="outlined"
              startIcon={<CreateNewFolder />}
              onClick={() => setDialog({ kind: 'new', parentId: shownFolderId, parentName: folderName })}
              disabled={loading || !folderEditable}
            >
              {STORAGE_TEXT.newFolder}
            </Button>
          </Box>
        ) : null
      }
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mb: 1.5 }}>
        <Box sx={{ flex: '1 1 320px', minWidth: 0 }}>
          <StorageBreadcrumb path={path} onOpen={openFolder} loading={loading} />
        </Box>
        {usage ? <DiskUsageBar usage={usage} /> : null}
      </Box>
      {active && dialog.kind !== 'upload' ? (
        <Paper variant="outlined" sx={{ p: 1.5, mb: 1.5 }} data-testid="upload-summary">
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <Typography sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
              {STORAGE_TEXT.uploadingSummary(active.file.name, running.indexOf(active), running.length)}
            </Typography>
            <Button size="small" onClick={() => setDialog({ kind: 'upload' })}>
              {STORAGE_TEXT.showUploads}
            </Button>
          </Box>
          <LinearProgress
            variant="determinate"
            value={active.file.size ? Math.floor((active.sent / active.file.size) * 100) : 0}
            aria-label={`${active.file.name} upload`}
            sx={{ mt: 1 }}
          />
        </Paper>
      ) : null}
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: treeBeside ? '260px minmax(0, 1fr)' : 'minmax(0, 1fr)',
          gap: 2,
          alignItems: 'start',
        }}
      >
        {treeBeside ? (
          <Paper
            component="nav"
            aria-label={STORAGE_TEXT.folders}
            variant="outlined"
            sx={{ maxHeight: 'max(460px, calc(100vh - 300px))', overflow: 'auto', py: 0.5 }}
          >
            {tree}
          </Paper>
        ) : (
          <Box>
            <Button
              variant="text"
              aria-expanded={treeOpen}
              aria-controls={treePanelId}
              onClick={() => setTreeOpen((o) => !o)}
              endIcon={<ExpandMore sx={{ transform: treeOpen ? 'rotate(180deg)' : undefined }} />}
            >
              {treeOpen ? STORAGE_TEXT.hideFolders : STORAGE_TEXT.showFolders}
            </Button>
            {treeOpen ? (
              <Paper
                component="nav"
                id={treePanelId}
                aria-label={STORAGE_TEXT.folders}
                variant="outlined"
                sx={{ maxHeight: 360, overflow: 'auto', py: 0.5, mt: 1 }}
              >
                {tree}
              </Paper>
            ) : null}
          </Box>
        )}
        <Box sx={{ minWidth: 0 }}>
          {selected.length > 0 ? (
            <Box
              role="toolbar"
              aria-label={STORAGE_TEXT.bulkLabel}
              sx={{
                display: 'flex',
                flexWrap: 'wrap',
                alignItems: 'center',
                gap: 1,
                px: 2,
                py: 1,
                mb: 1,
                borderRadius: 1,
                bgcolor: 'action.selected',
                border: 1,
                borderColor: 'primary.light',
              }}
            >
              <Typography role="status" sx={{ flex: '1 1 140px', fontWeight: 600 }}>
                {selectionText(selected.length)}
              </Typography>
              <Button
                startIcon={<Visibility />}
                disabled={!rules.view}
                onClick={() => setDialog({ kind: 'view', item: selected[0]! })}
              >
                {STORAGE_TEXT.view}
              </Button>
              {canManage ? (
                <>
                  <Button
                    startIcon={<DriveFileRenameOutline />}
                    disabled={!rules.rename}
                    onClick={() => setDialog({ kind: 'rename', target: targetOf(selected[0]!) })}
                  >
                    {STORAGE_TEXT.rename}
                  </Button>
                  <Button
                    startIcon={<DeleteOutline />}
                    color="error"
                    // error.main on the bar's selected background is 4.4:1; the darker shade passes 4.5:1.
                    sx={{ color: 'error.dark' }}
                    disabled={!rules.delete}
                    onClick={() =>
                      setDialog(
                        selected.length === 1
                          ? { kind: 'delete', target: targetOf(selected[0]!) }
                          : { kind: 'deleteFiles', items: selected },
                      )
                    }
                  >
                    {STORAGE_TEXT.delete}
                  </Button>
                </>
              ) : null}
              <Button startIcon={<Download />} disabled={!rules.download} onClick={() => void download(selected)}>
                {STORAGE_TEXT.download}
              </Button>
              <Button onClick={clearSelection}>{STORAGE_TEXT.clearSelection}</Button>
            </Box>
          ) : null}
          {listing.isFetching ? <LinearProgress aria-label="Loading" sx={{ height: 2 }} /> : <Box sx={{ height: 2 }} />}
          {error ? (
            <ListingError error={error} onHome={() => openFolder(null)} onRetry={() => void listing.refetch()} />
          ) : (
            <StorageList
              items={items}
              loading={listing.isPending}
              hasMore={!!listing.hasNextPage && !listing.isPlaceholderData}
              loadingMore={listing.isFetchingNextPage}
              onLoadMore={loadMore}
              selectedIds={selectedIds}
              onToggle={(id) => {
                const next = new Set(selectedIds);
                if (next.has(id)) next.delete(id);
                else next.add(id);
                setSelectedIds(next);
              }}
              onToggleAll={() =>
                setSelectedIds(items.every((i) => selectedIds.has(i.id)) ? new Set() : new Set(items.map((i) => i.id)))
              }
              onOpen={open}
              cards={cards}
              resetKey={folderId}
            />
          )}
        </Box>
      </Box>

      {dialog.kind === 'new' ? (
        <NameDialog
          mode="new"
          kind="folder"
          parentName={dialog.parentName}
          onClose={close}
          onSubmit={(name) => change(() => createFolder(dialog.parentId, name), STORAGE_MESSAGES.created(name))}
        />
      ) : null}
      {dialog.kind === 'rename' ? (
        <NameDialog
          mode="rename"
          kind={dialog.target.kind}
          currentName={dialog.target.base}
          ext={dialog.target.ext}
          onClose={close}
          onSubmit={(name) =>
            change(
              () => renameItem(dialog.target.id, name),
              STORAGE_MESSAGES.renamed(dialog.target.ext ? `${name}.${dialog.target.ext}` : name),
            )
          }
        />
      ) : null}
      {dialog.kind === 'delete' ? (
        <DeleteDialog
          kind={dialog.target.kind}
          name={dialog.target.name}
          onClose={close}
          onDelete={async (typed) => {
            const target = dialog.target;
            // The folder shown (or one it is in) deleted from the tree: show the folder it was in.
            const leaving = target.id === shownFolderId || path.some((p) => p.id === target.id);
            await change(() => deleteItem(target.id, typed), STORAGE_MESSAGES.deleted(target.name));
            clearSelection();
            if (leaving) openFolder(target.parentId ?? null);
          }}
        />
      ) : null}
      {dialog.kind === 'deleteFiles' ? (
        <DeleteFilesDialog
          names={dialog.items.map(displayName)}
          onClose={close}
          onDelete={async () => {
            await change(
              () => deleteFiles(dialog.items.map((i) => i.id)),
              STORAGE_MESSAGES.deletedMany(dialog.items.length),
            );
            clearSelection();
          }}
        />
      ) : null}
      {dialog.kind === 'upload' ? (
        <UploadDialog folderId={shownFolderId} folderName={folderName} onClose={close} />
      ) : null}
      {dialog.kind === 'view' ? <DocumentViewer item={dialog.item} onClose={close} /> : null}
    </Page>
  );
}

function ListingError({ error, onHome, onRetry }: { error: unknown; onHome: () => void; onRetry: () => void }) {
  if (isApiError(error, 404))
    return (
      <MessageBanner
        kind="warning"
        action={
          <Button color="inherit" size="small" onClick={onHome}>
            {STORAGE_TEXT.goHome}
          </Button>
        }
      >
        {STORAGE_TEXT.gone}
      </MessageBanner>
    );
  return (
    <MessageBanner
      kind="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          {STORAGE_TEXT.tryAgain}
        </Button>
      }
    >
      {isApiError(error, 403) ? MESSAGES.permissionDenied : MESSAGES.genericError}
    </MessageBanner>
  );
}

/** The company's storage: used of the plan's quota, as text and a bar. */
function DiskUsageBar({ usage }: { usage: DiskUsage }) {
  const used = usage.used_bytes + usage.reserved_bytes;
  const share = usage.quota_bytes > 0 ? Math.min(100, (used / usage.quota_bytes) * 100) : 100;
  const text = STORAGE_TEXT.used(usage.used_bytes, usage.quota_bytes);
  return (
    <Box sx={{ flex: '0 1 280px', minWidth: 200 }} data-testid="disk-usage">
      <Typography variant="body2" color="text.secondary">
        {STORAGE_TEXT.diskUsage}: {text}
      </Typography>
      <LinearProgress
        variant="determinate"
        value={share}
        color={share >= 90 ? 'error' : share >= 75 ? 'warning' : 'primary'}
        aria-label={STORAGE_TEXT.diskUsage}
        aria-valuetext={text}
        sx={{ height: 8, borderRadius: 4, mt: 0.5 }}
      />
    </Box>
  );
}

export default StoragePage;
