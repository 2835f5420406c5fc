import { SERVER_STYLES_ATTRIBUTE } from '../lib/server-styles';

const EMOTION_STYLE = /<style data-emotion="([^"]+)">([\s\S]*?)<\/style>/g;

/** Server-rendered markup with emotion's style elements taken out of it. */
export type SeparatedStyles = {
  /** The style elements: the global styles' tags, then one tag with every other rule. */
  styles: string;
  /** The markup without them. */
  markup: string;
};

/**
 * Emotion writes a `<style data-emotion="css <id>">` before each element that brings new styles (some
 * eighty on Home and on the landing page). Many small style sheets are slower for the browser than
 * one, both to lay the page out and when emotion adopts them on the client; and a page painted before
 * it is all parsed may lack the styles of what comes later. So they become one
 * `<style data-emotion="css <id> <id> …">` with their rules in the same order, which emotion adopts the
 * same way (every listed id counts as inserted). The global styles (`css-global <name>`) stay tags of
 * their own: each `<Global>` looks for its tag.
 *
 * `inHead`: the styles are for the end of `<head>`, where emotion keeps its style sheets. Left in the
 * markup, emotion's cache moved each of them out of the page into `<head>` as the app started, and the
 * browser then restyled the whole page in one task of 20–45 ms. In `<head>`, the global styles are
 * marked as already moved there (`data-s`, the mark emotion's cache sets on the tags it moves), and the
 * joined element styles carry `data-server-emotion` instead of `data-emotion`: emotion's default cache
 * would append that element again (a restyle even where it already is), so the app's own cache adopts
 * it in place (src/lib/server-styles.ts).
 */
export function separateEmotionStyles(html: string, { inHead = false } = {}): SeparatedStyles {
  const mark = inHead ? ' data-s=""' : '';
  const combinedAttribute = inHead ? SERVER_STYLES_ATTRIBUTE : 'data-emotion';
  const globals: string[] = [];
  const ids: string[] = [];
  let rules = '';
  const markup = html.replace(EMOTION_STYLE, (_tag, attribute: string, css: string) => {
    const [key, ...names] = attribute.split(' ');
    if (key === 'css') {
      ids.push(...names);
      rules += css;
    } else {
      globals.push(`<style data-emotion="${attribute}"${mark}>${css}</style>`);
    }
    return '';
  });
  const combined = ids.length > 0 ? `<style ${combinedAttribute}="css ${ids.join(' ')}">${rules}</style>` : '';
  return { styles: `${globals.join('')}${combined}`, markup };
}

/** The markup with its emotion styles joined into one tag at its start (see `separateEmotionStyles`). */
export function consolidateEmotionStyles(html: string): string {
  const { styles, markup } = separateEmotionStyles(html);
  return `${styles}${markup}`;
}
