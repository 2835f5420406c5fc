import { Button, Center, Heading, Text, VStack } from '@chakra-ui/react';
import { AscensoMark } from '#components/ui/wordmark';
import { CONNECTION_ERROR_MESSAGE } from '#lib/connection-error';
import { useDocumentTitle } from '#lib/use-document-title';

/** Shown when the first `auth.me` request fails (server down, no network). */
export function ConnectionErrorScreen({ onRetry }: { onRetry: () => void }) {
  useDocumentTitle('Sin conexión');
  return (
    <Center as="main" minH="100dvh" px="6">
      <VStack gap="5" maxW="sm" textAlign="center">
        <AscensoMark size={12} />
        <Heading as="h1" size="xl" color="heading">
          Algo no ha ido bien
        </Heading>
        <Text color="text.muted" role="alert">
          {CONNECTION_ERROR_MESSAGE}
        </Text>
        <Button onClick={onRetry} colorPalette="brand" size="lg" borderRadius="full">
          Reintentar
        </Button>
      </VStack>
    </Center>
  );
}
