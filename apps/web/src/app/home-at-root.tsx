import type { BootstrapState } from '@ascenso/domain/bootstrap';
import { StrictMode } from 'react';
import { StaticRouter } from 'react-router';
import { AppProviders } from './providers';
import { RouteGate } from './route-gate';

/**
 * The app's own tree at `/` (providers seeded from `bootstrap`, route gate, shell, Home) under React
 * Router's `StaticRouter`: what the server renders for a member (src/prerender/member-home.tsx) and what
 * the first-screen test renders, so both are the tree the browser's first render makes.
 */
export function HomeAtRoot({ bootstrap }: { bootstrap: BootstrapState }) {
  return (
    <StrictMode>
      <AppProviders bootstrap={bootstrap}>
        <StaticRouter location="/">
          <RouteGate />
        </StaticRouter>
      </AppProviders>
    </StrictMode>
  );
}
