import { Button, Stack, Text } from '@chakra-ui/react';
import { errorMessage } from '../../lib/error-messages';

/** A part of a page that could not load: what failed and the error's Spanish copy, then "Reintentar". */
export function RetryAlert({ what, query }: { what: string; query: { error: unknown; refetch: () => Promise<unknown> } }) {
  return (
    <Stack gap="3" align="flex-start">
      <Text role="alert">
        {what} {errorMessage(query.error)}
      </Text>
      <Button size="sm" variant="outline" borderRadius="full" onClick={() => void query.refetch()}>
        Reintentar
      </Button>
    </Stack>
  );
}
