const EMOTION_STYLE = /<style data-emotion="([^"]+)">([\s\S]*?)<\/style>/g;

/**
 * Emotion writes a `<style data-emotion="css <id>">` before each element that brings new styles (some
 * eighty on Home and on the landing page). Many small style sheets are slower for the browser than
 * one, both to lay the page out and when emotion adopts them on the client (it moves each to <head>,
 * and each move restyles the page); and a page painted before it is all parsed may lack the styles of
 * what comes later. So they become one `<style data-emotion="css <id> <id> …">` with their rules in the same
 * order, first in the markup, which emotion adopts the same way (every listed id counts as inserted).
 * The global styles (`css-global <name>`) stay tags of their own: each `<Global>` looks for its tag.
 */
export function consolidateEmotionStyles(html: string): string {
  const globals: string[] = [];
  const ids: string[] = [];
  let rules = '';
  const markup = html.replace(EMOTION_STYLE, (tag, attribute: string, css: string) => {
    const [key, ...names] = attribute.split(' ');
    if (key === 'css') {
      ids.push(...names);
      rules += css;
    } else {
      globals.push(tag);
    }
    return '';
  });
  const combined = ids.length > 0 ? `<style data-emotion="css ${ids.join(' ')}">${rules}</style>` : '';
  return `${globals.join('')}${combined}${markup}`;
}
