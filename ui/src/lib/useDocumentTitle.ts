import { useEffect } from 'react';

const SITE_NAME = 'halfstar';

/** 'Kid A by Radiohead' -> 'Kid A by Radiohead · halfstar'; nothing (still loading) -> 'halfstar'. */
export function documentTitle(title?: string | null): string {
  const trimmed = title?.trim();
  return trimmed ? `${trimmed} · ${SITE_NAME}` : SITE_NAME;
}

/**
 * Names the browser tab (and history entry, bookmark, share) after the page.
 * Every screen calls it once; a page whose data is still loading passes
 * nothing, so the tab never keeps the previous page's name.
 */
export function useDocumentTitle(title?: string | null): void {
  const full = documentTitle(title);
  useEffect(() => {
    document.title = full;
  }, [full]);
}
