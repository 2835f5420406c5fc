import { ChakraProvider, LocaleProvider } from '@chakra-ui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Toaster } from '../components/ui/toaster';
import { createQueryClient } from '../lib/query-client';
import { TRPCProvider, createAppTRPCClient } from '../lib/trpc';
import { system } from '../theme';

export function AppProviders({ children }: { children: ReactNode }) {
  // One client per app instance (not per render); lazy initialisers keep them stable.
  const [queryClient] = useState(createQueryClient);
  const [trpcClient] = useState(createAppTRPCClient);

  return (
    <ChakraProvider value={system}>
      <LocaleProvider locale="es-ES">
        <QueryClientProvider client={queryClient}>
          <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
            {children}
            <Toaster />
          </TRPCProvider>
        </QueryClientProvider>
      </LocaleProvider>
    </ChakraProvider>
  );
}
