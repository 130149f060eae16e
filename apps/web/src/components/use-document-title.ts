import { useEffect } from 'react';

export const PRODUCT_NAME = 'LetterPost';

/** Sets the browser tab's title to "[title] | LetterPost" while the page is shown. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} | ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [title]);
}
