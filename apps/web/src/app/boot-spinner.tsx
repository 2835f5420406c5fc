import { ChakraProvider } from '@chakra-ui/react';
import { LoadingScreen } from '#components/ui/loading-screen';
import { getSystem } from '../theme';

/**
 * The spec's "Cargando..." spinner (§2), shown by main.tsx when the first screen's chunks are slow to
 * arrive (on a slow connection the page would otherwise stay blank until they do). The app replaces it.
 */
export function BootSpinner() {
  return (
    <ChakraProvider value={getSystem()}>
      <LoadingScreen />
    </ChakraProvider>
  );
}
