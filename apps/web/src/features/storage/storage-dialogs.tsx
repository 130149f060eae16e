import {
  DEFAULT_FOLDER_NAME,
  MESSAGES,
  STORAGE_MESSAGES,
  type StorageNameKind,
  storageNameOrDefault,
  storageNameProblem,
} from '@lp/domain';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { type FormEvent, useId, useState } from 'react';
import { MessageBanner } from '../../components/message-banner';
import { AppTextField } from '../../components/text-field';
import { isApiError } from '../../lib/api';

export const DIALOG_TEXT = {
  newFolderTitle: 'New folder',
  folderName: 'Folder name',
  fileName: 'File name',
  create: 'Create',
  cancel: 'Cancel',
  renameTitle: (kind: StorageNameKind) => `Rename ${kind}`,
  rename: 'Rename',
  newName: 'New name',
  keepsName: (name: string) => `Leave it empty to keep ${name}.`,
  emptyIsDefault: `Leave it empty for ${DEFAULT_FOLDER_NAME}.`,
  extensionKept: (ext: string) => `The file keeps its .${ext} extension.`,
  inside: (folder: string) => `Inside ${folder}`,
  deleteTitle: (kind: StorageNameKind) => `Delete ${kind}`,
  deleteExplain: (kind: StorageNameKind, name: string) =>
    kind === 'folder'
      ? `The folder ${name} and everything in it will be deleted. Type the folder's name to confirm.`
      : `The file ${name} will be deleted. Type the file's name to confirm.`,
  typeName: (kind: StorageNameKind) => `The ${kind}'s name`,
  delete: 'Delete',
  deleteFilesTitle: (n: number) => `Delete ${n} files`,
} as const;

/** The server's reason for a refusal worth showing (a name taken, not editable...), else the generic text. */
export function failureText(error: unknown): string {
  if (isApiError(error, 403)) return MESSAGES.permissionDenied;
  if (isApiError(error) && error.status >= 400 && error.status < 500) return error.message;
  return MESSAGES.genericError;
}

export interface NameDialogProps {
  mode: 'new' | 'rename';
  kind: StorageNameKind;
  /** Rename: the item's current name (without a file's extension). */
  currentName?: string;
  /** Rename of a file: its extension, which it keeps. */
  ext?: string | null;
  /** New folder: the folder it is made in. */
  parentName?: string;
  onSubmit: (name: string) => Promise<void>;
  onClose: () => void;
}

/**
 * New folder, or rename (part 2 section 5): the spec's name rules checked as the user types, the
 * message beneath the field; an empty input is New Folder, or keeps the current name.
 */
export function NameDialog({ mode, kind, currentName = '', ext, parentName, onSubmit, onClose }: NameDialogProps) {
  const [value, setValue] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const titleId = useId();
  const fallback = mode === 'new' ? DEFAULT_FOLDER_NAME : currentName;
  const name = storageNameOrDefault(value, fallback);
  const problem = storageNameProblem(name, kind, mode);
  const shownProblem = value.trim() !== '' || submitted ? problem : null;
  const hint =
    mode === 'new'
      ? DIALOG_TEXT.emptyIsDefault
      : [DIALOG_TEXT.keepsName(currentName), ext ? DIALOG_TEXT.extensionKept(ext) : ''].filter(Boolean).join(' ');

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (problem || busy) return;
    if (mode === 'rename' && name === currentName) {
      onClose();
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      await onSubmit(name);
    } catch (error) {
      setFailure(failureText(error));
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>
          {mode === 'new' ? DIALOG_TEXT.newFolderTitle : DIALOG_TEXT.renameTitle(kind)}
        </DialogTitle>
        <DialogContent>
          {parentName ? <DialogContentText sx={{ mb: 2 }}>{DIALOG_TEXT.inside(parentName)}</DialogContentText> : null}
          {failure ? (
            <MessageBanner kind="error" data-testid="dialog-failure">
              {failure}
            </MessageBanner>
          ) : null}
          <AppTextField
            label={mode === 'new' ? DIALOG_TEXT.folderName : DIALOG_TEXT.newName}
            value={value}
            placeholder={fallback}
            onChange={(e) => setValue(e.target.value)}
            error={shownProblem !== null}
            helperText={shownProblem ?? hint}
            autoComplete="off"
            fullWidth
            margin="normal"
            disabled={busy}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {DIALOG_TEXT.cancel}
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {mode === 'new' ? DIALOG_TEXT.create : DIALOG_TEXT.rename}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

export interface DeleteDialogProps {
  kind: StorageNameKind;
  /** The name to type: a file's with its extension. */
  name: string;
  onDelete: (typed: string) => Promise<void>;
  onClose: () => void;
}

/** Deleting one item: its exact name must be typed, else "The {file|folder}'s name and the inputted ... don't match." */
export function DeleteDialog({ kind, name, onDelete, onClose }: DeleteDialogProps) {
  const [value, setValue] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const titleId = useId();
  const textId = useId();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (value !== name) {
      setMismatch(true);
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      await onDelete(value);
    } catch (error) {
      setFailure(failureText(error));
      setBusy(false);
    }
  };

  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      aria-describedby={textId}
      fullWidth
      maxWidth="xs"
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{DIALOG_TEXT.deleteTitle(kind)}</DialogTitle>
        <DialogContent>
          <DialogContentText id={textId} sx={{ overflowWrap: 'anywhere' }}>
            {DIALOG_TEXT.deleteExplain(kind, name)}
          </DialogContentText>
          {failure ? (
            <MessageBanner kind="error" data-testid="dialog-failure">
              {failure}
            </MessageBanner>
          ) : null}
          <AppTextField
            label={DIALOG_TEXT.typeName(kind)}
            value={value}
            placeholder={name}
            onChange={(e) => {
              setValue(e.target.value);
              setMismatch(false);
            }}
            error={mismatch}
            helperText={mismatch ? STORAGE_MESSAGES.deleteMismatch(kind) : undefined}
            autoComplete="off"
            fullWidth
            margin="normal"
            disabled={busy}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {DIALOG_TEXT.cancel}
          </Button>
          <Button type="submit" variant="contained" color="error" disabled={busy}>
            {DIALOG_TEXT.delete}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

export interface DeleteFilesDialogProps {
  names: readonly string[];
  onDelete: () => Promise<void>;
  onClose: () => void;
}

/** Deleting several files: "delete those files?", then Yes deletes them all. */
export function DeleteFilesDialog({ names, onDelete, onClose }: DeleteFilesDialogProps) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const titleId = useId();
  const textId = useId();
  const confirm = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await onDelete();
    } catch (error) {
      setFailure(failureText(error));
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} aria-describedby={textId}>
      <DialogTitle id={titleId}>{DIALOG_TEXT.deleteFilesTitle(names.length)}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>{STORAGE_MESSAGES.deleteThoseFiles}</DialogContentText>
        <DialogContentText component="ul" sx={{ maxHeight: 160, overflow: 'auto', pl: 3, overflowWrap: 'anywhere' }}>
          {names.slice(0, 100).map((n, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a list of names that does not change while shown
            <li key={i}>{n}</li>
          ))}
          {names.length > 100 ? <li>{`and ${names.length - 100} more`}</li> : null}
        </DialogContentText>
        {failure ? (
          <MessageBanner kind="error" data-testid="dialog-failure">
            {failure}
          </MessageBanner>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy} autoFocus>
          No
        </Button>
        <Button onClick={() => void confirm()} disabled={busy} variant="contained" color="error">
          Yes
        </Button>
      </DialogActions>
    </Dialog>
  );
}
