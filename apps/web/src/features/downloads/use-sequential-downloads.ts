import { INSTALLER_INTERVAL_MS, type InstallerFile } from '@lp/domain';
import { useCallback, useEffect, useRef, useState } from 'react';

export interface SequentialDownloads {
  /** The file handed to the browser last (1-based), 0 before the first. */
  current: number;
  isRunning: boolean;
  isDone: boolean;
  start(): void;
}

/**
 * Hands the files to `download` one after another, INSTALLER_INTERVAL_MS apart (part 2 section 9:
 * browsers drop a burst of downloads started at once).
 */
export function useSequentialDownloads(
  files: readonly InstallerFile[],
  download: (file: InstallerFile) => void,
): SequentialDownloads {
  const [current, setCurrent] = useState(0);
  const [isRunning, setRunning] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  /** The index of the file waiting for its turn, or null. */
  const waiting = useRef<number | null>(null);
  const downloadRef = useRef(download);
  downloadRef.current = download;

  const step = useCallback(
    (index: number) => {
      timer.current = null;
      const file = files[index];
      if (!file) return;
      downloadRef.current(file);
      setCurrent(index + 1);
      if (index + 1 < files.length) {
        waiting.current = index + 1;
        timer.current = setTimeout(() => step(index + 1), INSTALLER_INTERVAL_MS);
      } else {
        waiting.current = null;
        setRunning(false);
      }
    },
    [files],
  );

  // Unmounting stops the sequence; mounted again (React's strict mode does both), it carries on.
  const stepRef = useRef(step);
  stepRef.current = step;
  useEffect(() => {
    if (waiting.current !== null && !timer.current) {
      const index = waiting.current;
      timer.current = setTimeout(() => stepRef.current(index), INSTALLER_INTERVAL_MS);
    }
    return () => {
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
    };
  }, []);

  const start = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    if (files.length === 0) return;
    setRunning(true);
    step(0);
  }, [files, step]);

  return { current, isRunning, isDone: !isRunning && current === files.length && files.length > 0, start };
}
