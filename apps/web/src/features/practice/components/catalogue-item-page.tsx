import type { ReactNode } from 'react';
import { DetailPending, DetailProblem } from '#components/ui/detail-states';
import { errorMessage } from '#lib/error-messages';
import { useDocumentTitle } from '#lib/use-document-title';
import { usePracticeCatalogue, type PracticeCatalogue } from '../api/practice-queries';

export interface CatalogueItemPageProps<T> {
  /** The item the URL names (`(c) => c.breathing.find(…)`); undefined when there is none. */
  find: (catalogue: PracticeCatalogue) => T | undefined;
  /** The tab's title, with or without the item. */
  documentTitle: (item: T | undefined) => string;
  back: { to: string; label: string };
  maxW: string;
  /** Height of the loading placeholder card. */
  cardHeight: string;
  /** The page titles when the catalogue could not load and when the item does not exist. */
  failedTitle: string;
  missingTitle: string;
  /** What to do when the item does not exist, and the link back to the list. */
  missingHint: string;
  listLink: { to: string; label: string };
  children: (item: T) => ReactNode;
}

/** One practice from the catalogue (a breathing exercise, an active break): loading, failure or unknown item, then the practice. */
export function CatalogueItemPage<T>({
  find,
  documentTitle,
  back,
  maxW,
  cardHeight,
  failedTitle,
  missingTitle,
  missingHint,
  listLink,
  children,
}: CatalogueItemPageProps<T>) {
  const catalogue = usePracticeCatalogue();
  const item = catalogue.data ? find(catalogue.data) : undefined;
  useDocumentTitle(documentTitle(item));

  if (catalogue.isPending) return <DetailPending back={back} maxW={maxW} titleWidth="50%" cardHeight={cardHeight} />;
  if (catalogue.isError || item === undefined) {
    return (
      <DetailProblem
        back={back}
        maxW={maxW}
        title={catalogue.isError ? failedTitle : missingTitle}
        message={catalogue.isError ? errorMessage(catalogue.error) : missingHint}
        link={listLink}
      />
    );
  }
  return <>{children(item)}</>;
}
