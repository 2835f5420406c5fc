const EMOTION_STYLE = /<style data-emotion="([^"]+)">([\s\S]*?)<\/style>/g;

/**
 * Emotion, rendered on the server with its default cache (React's `renderToString`, as Chakra's SSR
 * guide does), writes a `<style data-emotion="css <id>">` before each element that brings new styles
 * (some eighty on the landing page). Many small style sheets are slower for the browser to lay out
 * than one, and a page painted before it is all parsed may lack the styles of what comes later. So the
 * build-time markup gets them as one `<style data-emotion="css <id> <id> …">` with their rules in the
 * same order, at its start; the global styles (`css-global <name>`) stay tags of their own, first.
 * The app never starts on that page (src/boot.ts), so nothing reads these elements but the browser.
 */
export function consolidateEmotionStyles(html: string): string {
  const globals: string[] = [];
  const ids: string[] = [];
  let rules = '';
  const markup = html.replace(EMOTION_STYLE, (_tag, attribute: string, css: string) => {
    const [key, ...names] = attribute.split(' ');
    if (key === 'css') {
      ids.push(...names);
      rules += css;
    } else {
      globals.push(`<style data-emotion="${attribute}">${css}</style>`);
    }
    return '';
  });
  const combined = ids.length > 0 ? `<style data-emotion="css ${ids.join(' ')}">${rules}</style>` : '';
  return `${globals.join('')}${combined}${markup}`;
}
