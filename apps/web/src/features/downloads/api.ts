import type { InstallerList, InstallerSystem } from '@lp/domain';
import { useQuery } from '@tanstack/react-query';
import { api, isApiError } from '../../lib/api';

/** The installer files for a system, or null when the operator has none for it (the call's 404). */
export async function fetchInstallers(os: InstallerSystem, signal?: AbortSignal): Promise<InstallerList | null> {
  try {
    return await api.get('/api/downloads/{os}', { params: { os }, signal });
  } catch (error) {
    if (isApiError(error, 404)) return null;
    throw error;
  }
}

export function useInstallers(os: InstallerSystem) {
  return useQuery({ queryKey: ['downloads', os], queryFn: ({ signal }) => fetchInstallers(os, signal) });
}

/** Hands one file to the browser's downloads (same origin: the session cookie goes with it). */
export function startBrowserDownload(url: string, name: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
}
