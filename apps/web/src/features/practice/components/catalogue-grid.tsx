import { Grid, Skeleton } from '@chakra-ui/react';
import { Fragment, type ReactNode } from 'react';
import { usePracticeCatalogue, type PracticeCatalogue } from '../api/practice-queries';
import { LoadErrorCard } from '#components/ui/load-error-card';

export interface CatalogueGridProps<T> {
  /** The part of the practice catalogue to list (`(c) => c.breathing`). */
  select: (catalogue: PracticeCatalogue) => readonly T[];
  itemKey: (item: T) => string;
  /** One `li` per item. */
  renderItem: (item: T) => ReactNode;
  /** From this breakpoint on the list has two columns. */
  twoColumnsFrom: 'sm' | 'md';
  gap: string;
  /** Height of the four loading placeholders. */
  skeletonHeight: string;
}

/**
 * A list from the practice catalogue (breathing patterns, active breaks): four placeholders while it
 * loads, an alert with "Reintentar" when it fails, then the items as a one- or two-column list.
 */
export function CatalogueGrid<T>({ select, itemKey, renderItem, twoColumnsFrom, gap, skeletonHeight }: CatalogueGridProps<T>) {
  const catalogue = usePracticeCatalogue();
  const templateColumns = { base: '1fr', [twoColumnsFrom]: 'repeat(2, minmax(0, 1fr))' };
  return (
    <>
      {catalogue.isPending ? (
        <Grid templateColumns={templateColumns} gap={gap}>
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} h={skeletonHeight} borderRadius="card" />
          ))}
        </Grid>
      ) : null}
      {catalogue.isError ? <LoadErrorCard error={catalogue.error} onRetry={() => void catalogue.refetch()} /> : null}
      {catalogue.data ? (
        <Grid as="ul" role="list" listStyleType="none" templateColumns={templateColumns} gap={gap}>
          {select(catalogue.data).map((item) => (
            <Fragment key={itemKey(item)}>{renderItem(item)}</Fragment>
          ))}
        </Grid>
      ) : null}
    </>
  );
}
