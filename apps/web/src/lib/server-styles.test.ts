import { describe, expect, it } from 'vitest';
import { adoptServerStyles, SERVER_STYLES_ATTRIBUTE } from './server-styles';

/** A document with, in `<head>` or elsewhere, at most one style element carrying `attribute`. */
function documentWith(attribute: string | null, where: 'head' | 'body' = 'head') {
  const head = {} as HTMLHeadElement;
  const element = {
    parentNode: where === 'head' ? head : {},
    getAttribute: (name: string) => (name === SERVER_STYLES_ATTRIBUTE ? attribute : null),
  } as unknown as HTMLStyleElement;
  const doc = {
    head,
    querySelector: (selector: string) =>
      attribute !== null && selector === `style[${SERVER_STYLES_ATTRIBUTE}]` ? element : null,
  } as unknown as Document;
  return { doc, element };
}

describe('adoptServerStyles (the server’s element styles taken over where they are)', () => {
  it('gives a cache for which every listed id is inserted and whose first style sheet is the server’s element', () => {
    const { doc, element } = documentWith('css prrujb 14j31ae 1j7mcg1');
    const cache = adoptServerStyles(doc);
    expect(cache?.key).toBe('css');
    expect(cache?.inserted).toEqual({ prrujb: true, '14j31ae': true, '1j7mcg1': true });
    expect(cache?.sheet.tags).toEqual([element]);
  });

  it('gives none (emotion’s default cache) for a page without them, another key, or an element outside <head>', () => {
    expect(adoptServerStyles(documentWith(null).doc)).toBeUndefined();
    expect(adoptServerStyles(documentWith('otra a1').doc)).toBeUndefined();
    expect(adoptServerStyles(documentWith('css a1', 'body').doc)).toBeUndefined();
  });
});
