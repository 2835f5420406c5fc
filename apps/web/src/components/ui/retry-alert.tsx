import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { errorMessage } from '#lib/error-messages';

/**
 * A part of a page that could not load: what failed and the error's Spanish copy, then "Reintentar" —
 * below it, or beside it (wrapping when narrow) when `inline`.
 */
export function RetryAlert({ what, query, inline = false }: { what: string; query: { error: unknown; refetch: () => unknown }; inline?: boolean }) {
  const Row = inline ? HStack : Stack;
  return (
    <Row gap="3" {...(inline ? { flexWrap: 'wrap' } : { align: 'flex-start' })}>
      <Text role="alert">
        {what} {errorMessage(query.error)}
      </Text>
      <Button size="sm" variant="outline" borderRadius="full" onClick={() => void query.refetch()}>
        Reintentar
      </Button>
    </Row>
  );
}
