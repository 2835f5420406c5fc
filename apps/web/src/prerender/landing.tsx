import { ChakraProvider, LocaleProvider } from '@chakra-ui/react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { LandingPage } from '../features/landing/components/landing-page';
import { getSystem } from '../theme';

/**
 * Build-time prerender of the landing page (scripts/prerender.mjs, after `vite build --ssr`): the
 * markup a signed-out visitor's first client render produces at `/`, with Chakra's styles inline as
 * emotion writes them on the server (`<style data-emotion>` before the elements they style, the
 * global styles first). The server sends it inside `<div id="root">` (apps/api/src/http/static.ts),
 * so the page paints with the HTML. On the client, emotion moves those style elements to <head> and
 * reuses them, and the first render (the same tree: see src/main.tsx) replaces the markup in one
 * commit, keeping focus (src/lib/replace-prerendered.ts): nothing flashes or moves.
 */
export function renderLanding(): string {
  return renderToString(
    <ChakraProvider value={getSystem()}>
      <LocaleProvider locale="es-ES">
        <StaticRouter location="/">
          <LandingPage />
        </StaticRouter>
      </LocaleProvider>
    </ChakraProvider>,
  );
}
