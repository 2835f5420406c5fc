import { useEffect } from 'react';

export const APP_NAME = 'Ascenso';

/** Sets `document.title`; pass the page name ("Acceder") or an exact title with `{ exact: true }`. */
export function useDocumentTitle(title: string, options: { exact?: boolean } = {}): void {
  const full = options.exact || title === APP_NAME ? title : `${title} · ${APP_NAME}`;
  useEffect(() => {
    document.title = full;
  }, [full]);
}
