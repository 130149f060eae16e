import { z } from 'zod';

/**
 * Desktop downloads (part 1 section 2 /download/{os}; part 2 sections 7 and 9): the installer
 * files the operator puts in the installers directory, listed per system and downloaded one after
 * another.
 */

/** The systems /download/{os} serves, with the name people know them by. */
export const INSTALLER_SYSTEMS = { windows: 'Windows', mac: 'Mac' } as const;
export type InstallerSystem = keyof typeof INSTALLER_SYSTEMS;

/** True when `os` is one of the systems /download/{os} serves. */
export function isInstallerSystem(os: string): os is InstallerSystem {
  return Object.hasOwn(INSTALLER_SYSTEMS, os);
}

/** Installer files are downloaded 1.2 seconds apart (part 2 section 9). */
export const INSTALLER_INTERVAL_MS = 1_200;

/** One installer file as GET /api/downloads/{os} lists it. */
export const installerFileSchema = z.object({
  name: z.string(),
  size: z.number().int().nonnegative(),
  /** Hex SHA-256 of the file, so a careful user can check what they ran. */
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  /** Where the file is downloaded from (same origin, with the session cookie). */
  url: z.string(),
});
export type InstallerFile = z.infer<typeof installerFileSchema>;

export const installerListSchema = z.object({
  os: z.enum(['windows', 'mac']),
  files: z.array(installerFileSchema),
});
export type InstallerList = z.infer<typeof installerListSchema>;

/** The address of one installer file (its name percent-encoded as a single path segment). */
export const installerFileUrl = (os: InstallerSystem, name: string) =>
  `/api/downloads/${os}/${encodeURIComponent(name)}`;

export const DOWNLOAD_MESSAGES = {
  title: (os: InstallerSystem) => `Download for ${INSTALLER_SYSTEMS[os]}`,
  notAvailable: (os: InstallerSystem) => `The download is not available for ${INSTALLER_SYSTEMS[os]} yet.`,
  downloading: (name: string, index: number, total: number) => `Downloading ${name} (${index} of ${total})...`,
  done: (total: number) =>
    total === 1 ? 'Your download has started.' : `All ${total} files have been sent to your browser's downloads.`,
  failed: 'We could not start the download. Please try again.',
} as const;
