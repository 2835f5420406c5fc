const EMOTION_STYLE = /<style data-emotion="([^"]+)">([\s\S]*?)<\/style>/g;

/** Server-rendered markup with emotion's style elements taken out of it. */
export type SeparatedStyles = {
  /** The style elements: the global styles' tags, then one tag with every other rule. */
  styles: string;
  /** The markup without them. */
  markup: string;
};

/**
 * Emotion, rendered on the server with its default cache (React's `renderToString` or
 * `prerenderToNodeStream`, as in Chakra's SSR guide), writes a `<style data-emotion="css <id>">` before
 * each element that brings new styles (some eighty on Home and on the landing page). Many small style
 * sheets are slower for the browser to lay out than one, and a page painted before it is all parsed may
 * lack the styles of what comes later. So they become one `<style data-emotion="css <id> <id> …">` with
 * their rules in the same order: the shape emotion's documented critical-CSS extraction
 * (`@emotion/server`'s `extractCritical`) gives, which emotion's cache adopts in the browser as it adopts
 * its inline tags (it moves the element into `<head>` and counts every listed id as inserted). The global
 * styles (`css-global <name>`) stay tags of their own, first: each `<Global>` adopts its own tag.
 */
export function separateEmotionStyles(html: string): SeparatedStyles {
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
  return { styles: `${globals.join('')}${combined}`, markup };
}

/**
 * The markup with its emotion styles joined at its start (see `separateEmotionStyles`): the prerendered
 * landing page, on which the app never starts (src/boot.ts).
 */
export function consolidateEmotionStyles(html: string): string {
  const { styles, markup } = separateEmotionStyles(html);
  return `${styles}${markup}`;
}
