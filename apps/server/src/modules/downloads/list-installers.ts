import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { type InstallerSystem, installerFileUrl } from '@lp/domain';

export interface Installer {
  name: string;
  size: number;
  sha256: string;
  url: string;
  /** Where the file is on disk (never sent). */
  file: string;
}

/** The longest encoded name a path segment may carry (the input guard refuses longer ones with 414). */
const MAX_ENCODED_NAME = 100;

/**
 * A name people can be offered and ask for again: no hidden files, no separators or control
 * characters, short enough to travel as one path segment.
 */
function isOfferable(name: string): boolean {
  return (
    !name.startsWith('.') &&
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
    !/[/\\\u0000-\u001f\u007f]/.test(name) &&
    encodeURIComponent(name).length <= MAX_ENCODED_NAME
  );
}

// Installers are large and change rarely: their digest is kept until their size or time changes.
const digests = new Map<string, { size: number; mtimeMs: number; sha256: string }>();

async function sha256Of(file: string, size: number, mtimeMs: number): Promise<string> {
  const known = digests.get(file);
  if (known && known.size === size && known.mtimeMs === mtimeMs) return known.sha256;
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  const sha256 = hash.digest('hex');
  digests.set(file, { size, mtimeMs, sha256 });
  return sha256;
}

/**
 * The installer files the operator put in `{dir}/{os}/`, in name order (the order they are
 * downloaded in); an absent folder is an empty list.
 */
export async function listInstallers(dir: string, os: InstallerSystem): Promise<Installer[]> {
  const folder = path.join(dir, os);
  const entries = await readdir(folder, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return [];
    throw error;
  });
  const names = entries
    .filter((e) => (e.isFile() || e.isSymbolicLink()) && isOfferable(e.name))
    .map((e) => e.name)
    .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  const files: Installer[] = [];
  for (const name of names) {
    const file = path.join(folder, name);
    // A link the operator made is followed; one to nothing or to a folder is left out.
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) continue;
    files.push({
      name,
      size: info.size,
      sha256: await sha256Of(file, info.size, info.mtimeMs),
      url: installerFileUrl(os, name),
      file,
    });
  }
  return files;
}
