import { Button, Text } from '@chakra-ui/react';
import { errorMessage } from '#lib/error-messages';
import { SurfaceCard } from './page-frame';

/** A list that could not load: the error copy in an alert card, and "Reintentar". */
export function LoadErrorCard({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <SurfaceCard role="alert">
      <Text>{errorMessage(error)}</Text>
      <Button mt="3" borderRadius="full" variant="outline" onClick={onRetry}>
        Reintentar
      </Button>
    </SurfaceCard>
  );
}
