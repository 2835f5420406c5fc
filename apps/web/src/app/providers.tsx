import { ChakraProvider, LocaleProvider } from '@chakra-ui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { seedQueryCache, takeInitialBootstrap, type BootstrapState } from '#lib/bootstrap';
import { whenIdleAfterLoad } from '#lib/when-idle';
import { createQueryClient } from '#lib/query-client';
import { TRPCProvider, createAppTRPCClient } from '#lib/trpc';
import { getSystem } from '../theme';

// The toast region (Zag's toast machines) is only needed once something shows a toast: its own chunk,
// mounted once the page has loaded and the browser is idle, so that it never delays the first screen.
// Toasts created before it mounts wait in the `toaster` store and show when it does.
const Toaster = lazy(() => import('#components/ui/toaster').then((m) => ({ default: m.Toaster })));

function DeferredToaster() {
  const [ready, setReady] = useState(false);
  useEffect(() => whenIdleAfterLoad(() => setReady(true), 2000), []);
  return ready ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}

/**
 * `bootstrap`: what the server knows, seeded into the query cache; by default the page's own (read
 * once from the document). The server's renderer (src/prerender/member-home.tsx) and tests pass one in.
 */
export function AppProviders({ children, bootstrap }: { children: ReactNode; bootstrap?: BootstrapState }) {
  // One client per app instance (not per render); lazy initialisers keep them stable.
  // Seeded with what the server sent along with the page (lib/bootstrap.ts): no session round trip.
  const [trpcClient] = useState(createAppTRPCClient);
  const [queryClient] = useState(() => {
    const client = createQueryClient();
    seedQueryCache(client, trpcClient, bootstrap ?? takeInitialBootstrap());
    return client;
  });

  return (
    <ChakraProvider value={getSystem()}>
      <LocaleProvider locale="es-ES">
        <QueryClientProvider client={queryClient}>
          <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
            {children}
            <DeferredToaster />
          </TRPCProvider>
        </QueryClientProvider>
      </LocaleProvider>
    </ChakraProvider>
  );
}
