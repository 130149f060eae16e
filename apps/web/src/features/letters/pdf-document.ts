import { GlobalWorkerOptions, getDocument, type PDFDocumentProxy } from 'pdfjs-dist';
// The worker is part of our own build (a hashed file under /assets), never fetched from a CDN.
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { useEffect, useState } from 'react';

GlobalWorkerOptions.workerSrc = workerUrl;

export type PdfState = { state: 'loading' } | { state: 'error' } | { state: 'ready'; doc: PDFDocumentProxy };

/**
 * The PDF at `url` (same origin; the session cookie goes with it), loaded by pdf.js while `enabled`.
 * pdf.js 6 has no eval at all (the CSP allows none); fonts a file does not embed are drawn with the
 * system's. `what` names the screen in the console when the file cannot be loaded.
 */
export function usePdfDocument(url: string, what: string, enabled = true): PdfState {
  const [loaded, setLoaded] = useState<PdfState>({ state: 'loading' });
  useEffect(() => {
    if (!enabled) return;
    setLoaded({ state: 'loading' });
    const task = getDocument({ url, withCredentials: true });
    let live = true;
    task.promise.then(
      (doc) => {
        if (live) setLoaded({ state: 'ready', doc });
      },
      (error: unknown) => {
        if (!live) return;
        console.warn(`${what}: the document could not be loaded`, error);
        setLoaded({ state: 'error' });
      },
    );
    return () => {
      live = false;
      void task.destroy();
    };
  }, [url, what, enabled]);
  return loaded;
}
