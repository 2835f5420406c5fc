import { Box, Skeleton, Stack, Text } from '@chakra-ui/react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { errorMessage } from '#lib/error-messages';
import { ShowMoreButton, useShowMore } from '#components/ui/show-more';

const PAGE = 10;

/**
 * An admin log (the catalogue's changes, the mails sent on people's behalf): the first ten entries as an
 * ordered list named `label`, «Ver más» for the rest, `empty` when there is none, and the loading and
 * error states of `query`.
 */
export function AdminLogList<T>({
  query,
  label,
  empty,
  children,
}: {
  query: UseQueryResult<T[], unknown>;
  label: string;
  empty: string;
  children: (entry: T) => ReactNode;
}) {
  const { shown, more } = useShowMore(PAGE);
  if (query.data) {
    if (query.data.length === 0) return <Text color="text.muted">{empty}</Text>;
    return (
      <Stack gap="3">
        <Box as="ol" listStyleType="none" display="grid" gap="2" aria-label={label}>
          {query.data.slice(0, shown).map(children)}
        </Box>
        <ShowMoreButton shown={shown} total={query.data.length} onMore={more} />
      </Stack>
    );
  }
  if (query.isError) return <Text role="alert">No hemos podido cargar el registro. {errorMessage(query.error)}</Text>;
  return <Skeleton h="20" borderRadius="lg" />;
}
