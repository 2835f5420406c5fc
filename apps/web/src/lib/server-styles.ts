import createCache, { type EmotionCache } from '@emotion/cache';

/**
 * The attribute of the style element with every element style of a page rendered on the server
 * (src/prerender/emotion-styles.ts): `css <id> <id> …`, as emotion's own `data-emotion` would read.
 */
export const SERVER_STYLES_ATTRIBUTE = 'data-server-emotion';

/**
 * Emotion's cache for a page that arrived with its element styles (Home, rendered on the server), or
 * undefined (emotion's default cache) for any other page.
 *
 * Emotion's default cache adopts server styles by moving their element to the end of `<head>`; even
 * where it already is, the browser then drops and re-reads the style sheet and restyles the whole
 * page, in the task that starts the app. The server names its element with another attribute, so the
 * default cache leaves it alone, and this cache adopts it where it is: every id it lists counts as
 * inserted (emotion will not insert those rules again), and the element is the cache's first style
 * sheet (new rules go into a new one after it). This is what emotion's hydration does, without the move.
 */
export function adoptServerStyles(doc: Document): EmotionCache | undefined {
  const element = doc.querySelector<HTMLStyleElement>(`style[${SERVER_STYLES_ATTRIBUTE}]`);
  const [key, ...ids] = (element?.getAttribute(SERVER_STYLES_ATTRIBUTE) ?? '').split(' ');
  if (!element || key !== 'css' || element.parentNode !== doc.head) return undefined;
  const cache = createCache({ key, container: doc.head });
  for (const id of ids) if (id) cache.inserted[id] = true;
  cache.sheet.tags.push(element);
  return cache;
}
