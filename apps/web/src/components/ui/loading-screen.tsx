import { Center, Spinner, Text, VStack } from '@chakra-ui/react';

/** Centred spinner with "Cargando..." announced politely to assistive technology. */
export function LoadingScreen({ minH = '100dvh' }: { minH?: string }) {
  return (
    <Center minH={minH} px="6">
      <VStack gap="4" role="status" aria-live="polite">
        <Spinner size="lg" color="brand.600" borderWidth="3px" animationDuration="0.9s" aria-hidden="true" />
        <Text color="text.muted" fontSize="md">
          Cargando...
        </Text>
      </VStack>
    </Center>
  );
}
