import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { IntegrationProviderId } from '@lp/domain';

/**
 * The sandbox drives' contents: what the product uploaded to the built-in Google Drive, Dropbox and
 * OneDrive, kept on disk under DATA_DIR (it stands for an outside service: a restart keeps it, and
 * a test lists what arrived). One folder per provider and drive account: `index.json` (folders and
 * files with their parent) and each file's bytes. Upload sessions are kept in memory (a restart
 * forgets them, as a provider's expire).
 */

export interface DriveItem {
  id: string;
  name: string;
  /** 'root' for the drive's top level. */
  parentId: string;
  kind: 'folder' | 'file';
  mimeType: string;
  size: number;
  createdAt: string;
  modifiedAt: string;
  /** How many times its content was written (1 for a new file). */
  versions: number;
}

export interface ListedItem extends DriveItem {
  /** Its place from the root: "LetterPost letters/Invoice 42.pdf". */
  path: string;
}

export interface UploadSession {
  provider: IntegrationProviderId;
  tenant: string;
  /** What the finished file becomes: its name and folder, or the file it replaces. */
  target: { name: string; parentId: string; mimeType: string; replaceId: string | null; replaceByName: boolean };
  /** The whole file's size when the session said it (Google, Graph); null when told at the end (Dropbox). */
  total: number | null;
  chunks: Buffer[];
  received: number;
  expiresAt: number;
}

const SESSION_LIFE_MS = 24 * 3600_000;

export class SandboxDrive {
  private readonly sessions = new Map<string, UploadSession>();

  constructor(private readonly root: string) {}

  private dir(provider: IntegrationProviderId, tenant: string) {
    return path.join(this.root, provider, tenant.replace(/[^A-Za-z0-9_-]/g, '_'));
  }

  private load(provider: IntegrationProviderId, tenant: string): Record<string, DriveItem> {
    try {
      return JSON.parse(readFileSync(path.join(this.dir(provider, tenant), 'index.json'), 'utf8')) as Record<
        string,
        DriveItem
      >;
    } catch {
      return {};
    }
  }

  private save(provider: IntegrationProviderId, tenant: string, items: Record<string, DriveItem>) {
    const dir = this.dir(provider, tenant);
    mkdirSync(dir, { recursive: true });
    const tmp = path.join(dir, `index.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
    writeFileSync(tmp, JSON.stringify(items));
    renameSync(tmp, path.join(dir, 'index.json'));
  }

  /** A new id in the provider's style. */
  newId(provider: IntegrationProviderId): string {
    if (provider === 'dropbox') return `id:${randomBytes(16).toString('base64url').slice(0, 22)}`;
    if (provider === 'onedrive')
      return `${randomBytes(8).toString('hex').toUpperCase()}!${randomBytes(2).readUInt16BE()}`;
    return randomBytes(24).toString('base64url').slice(0, 33);
  }

  get(provider: IntegrationProviderId, tenant: string, id: string): ListedItem | null {
    const items = this.load(provider, tenant);
    const item = items[id];
    return item ? { ...item, path: this.pathOf(items, item) } : null;
  }

  /** The items under a parent whose name matches (Dropbox and OneDrive compare names without case). */
  children(
    provider: IntegrationProviderId,
    tenant: string,
    parentId: string,
    filter: { name?: string; kind?: DriveItem['kind']; mimeType?: string } = {},
  ): ListedItem[] {
    const items = this.load(provider, tenant);
    const same = (a: string, b: string) =>
      provider === 'google_drive' ? a === b : a.toLowerCase() === b.toLowerCase();
    return Object.values(items)
      .filter(
        (i) =>
          i.parentId === parentId &&
          (filter.name === undefined || same(i.name, filter.name)) &&
          (filter.kind === undefined || i.kind === filter.kind) &&
          (filter.mimeType === undefined || i.mimeType === filter.mimeType),
      )
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.name.localeCompare(b.name))
      .map((i) => ({ ...i, path: this.pathOf(items, i) }));
  }

  /** Every folder and file of a drive account, with its path: what a test reads to see what arrived. */
  list(provider: IntegrationProviderId, tenant: string): ListedItem[] {
    const items = this.load(provider, tenant);
    return Object.values(items)
      .map((i) => ({ ...i, path: this.pathOf(items, i) }))
      .sort((a, b) => a.path.localeCompare(b.path));
  }

  /** A file's content. */
  read(provider: IntegrationProviderId, tenant: string, id: string): Buffer | null {
    try {
      return readFileSync(path.join(this.dir(provider, tenant), `${id.replace(/[^A-Za-z0-9_-]/g, '_')}.bin`));
    } catch {
      return null;
    }
  }

  private pathOf(items: Record<string, DriveItem>, item: DriveItem): string {
    const parts = [item.name];
    let parent = items[item.parentId];
    for (let depth = 0; parent && depth < 50; depth++) {
      parts.unshift(parent.name);
      parent = items[parent.parentId];
    }
    return parts.join('/');
  }

  /** Makes a folder; with `reuse`, answers the one of that name already there (paths in Dropbox and Graph). */
  folder(provider: IntegrationProviderId, tenant: string, name: string, parentId: string, reuse: boolean) {
    if (reuse) {
      const found = this.children(provider, tenant, parentId, { name, kind: 'folder' })[0];
      if (found) return { item: found, created: false };
    }
    const items = this.load(provider, tenant);
    const now = new Date().toISOString();
    const item: DriveItem = {
      id: this.newId(provider),
      name,
      parentId,
      kind: 'folder',
      mimeType: 'application/vnd.google-apps.folder',
      size: 0,
      createdAt: now,
      modifiedAt: now,
      versions: 0,
    };
    items[item.id] = item;
    this.save(provider, tenant, items);
    return { item: { ...item, path: this.pathOf(items, item) }, created: true };
  }

  /** The folder at a path of names from the root (made as needed), as Dropbox and Graph take paths. */
  folderAt(provider: IntegrationProviderId, tenant: string, names: readonly string[]): string {
    let parent = 'root';
    for (const name of names) parent = this.folder(provider, tenant, name, parent, true).item.id;
    return parent;
  }

  /**
   * Writes a file: into the item `replaceId` when given; over the file of the same name in the
   * folder when `replaceByName` (Dropbox's overwrite, Graph's replace); otherwise as a new file
   * (Google Drive allows two files of one name).
   */
  writeFile(
    provider: IntegrationProviderId,
    tenant: string,
    f: { name: string; parentId: string; mimeType: string; replaceId: string | null; replaceByName: boolean },
    bytes: Buffer,
  ): ListedItem | null {
    const items = this.load(provider, tenant);
    let item: DriveItem | undefined;
    if (f.replaceId) {
      item = items[f.replaceId];
      if (item?.kind !== 'file') return null;
    } else if (f.replaceByName)
      item = this.children(provider, tenant, f.parentId, { name: f.name, kind: 'file' })[0] ?? undefined;
    const now = new Date().toISOString();
    const next: DriveItem = item
      ? {
          ...item,
          name: f.name || item.name,
          mimeType: f.mimeType,
          size: bytes.byteLength,
          modifiedAt: now,
          versions: item.versions + 1,
        }
      : {
          id: this.newId(provider),
          name: f.name,
          parentId: f.parentId,
          kind: 'file',
          mimeType: f.mimeType,
          size: bytes.byteLength,
          createdAt: now,
          modifiedAt: now,
          versions: 1,
        };
    const dir = this.dir(provider, tenant);
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, `${next.id.replace(/[^A-Za-z0-9_-]/g, '_')}.bin`), bytes);
    items[next.id] = next;
    this.save(provider, tenant, items);
    return { ...next, path: this.pathOf(items, next) };
  }

  openSession(s: Omit<UploadSession, 'chunks' | 'received' | 'expiresAt'>): string {
    const now = Date.now();
    for (const [id, old] of this.sessions) if (old.expiresAt < now) this.sessions.delete(id);
    const id = randomBytes(24).toString('base64url');
    this.sessions.set(id, { ...s, chunks: [], received: 0, expiresAt: now + SESSION_LIFE_MS });
    return id;
  }

  session(id: string): UploadSession | null {
    const s = this.sessions.get(id);
    return s && s.expiresAt >= Date.now() ? s : null;
  }

  /** Adds a slice at `offset`; false when it is not where the session stands. */
  append(id: string, offset: number, bytes: Buffer): boolean {
    const s = this.session(id);
    if (!s || offset !== s.received) return false;
    s.chunks.push(bytes);
    s.received += bytes.byteLength;
    return true;
  }

  /** Ends a session: the file written (null when its target went meanwhile). */
  finish(id: string): ListedItem | null {
    const s = this.session(id);
    if (!s) return null;
    this.sessions.delete(id);
    return this.writeFile(s.provider, s.tenant, s.target, Buffer.concat(s.chunks));
  }

  /** Forgets everything (tests). */
  clear() {
    this.sessions.clear();
    rmSync(this.root, { recursive: true, force: true });
  }
}
