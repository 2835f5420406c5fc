import { ChakraProvider, LocaleProvider } from '@chakra-ui/react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { LandingPage } from '../features/landing/components/landing-page';
import { getSystem } from '../theme';
import { consolidateEmotionStyles } from './emotion-styles';

/**
 * Build-time prerender of the landing page (scripts/prerender.mjs, after `vite build --ssr`): the
 * markup a signed-out visitor's first client render produces at `/`, with Chakra's styles inline as
 * emotion writes them on the server, joined into one style element before the markup (the global
 * styles first: ./emotion-styles.ts). The server sends it inside `<div id="root" data-page="static">`
 * (apps/api/src/http/static.ts), so the page paints with the HTML, and the app does not start on it
 * (src/boot.ts).
 */
export function renderLanding(): string {
  return consolidateEmotionStyles(
    renderToString(
      <ChakraProvider value={getSystem()}>
        <LocaleProvider locale="es-ES">
          <StaticRouter location="/">
            <LandingPage />
          </StaticRouter>
        </LocaleProvider>
      </ChakraProvider>,
    ),
  );
}
