import { describe, expect, it } from 'vitest';
import { consolidateEmotionStyles, separateEmotionStyles } from './emotion-styles';

describe('consolidateEmotionStyles (the prerendered landing page)', () => {
  it('joins the element styles in order under one tag listing every id; global styles keep their own tags, first', () => {
    const html =
      '<style data-emotion="css-global g1">:root{--a:1}</style><style data-emotion="css a1">.css-a1{color:red}</style><div class="css-a1">' +
      '<style data-emotion="css b2 c3">.css-b2{margin:0}.css-c3{padding:0}</style><p class="css-b2 css-c3">Hola</p></div>';
    expect(consolidateEmotionStyles(html)).toBe(
      '<style data-emotion="css-global g1">:root{--a:1}</style><style data-emotion="css a1 b2 c3">.css-a1{color:red}.css-b2{margin:0}.css-c3{padding:0}</style>' +
        '<div class="css-a1"><p class="css-b2 css-c3">Hola</p></div>',
    );
  });

  it('leaves markup without styles as it is', () => {
    expect(consolidateEmotionStyles('<main>sin estilos</main>')).toBe('<main>sin estilos</main>');
  });
});

describe('separateEmotionStyles (Home rendered on the server)', () => {
  it('takes the styles out of the markup, in emotion’s own format (no marks of our own)', () => {
    const html =
      '<style data-emotion="css-global g1">:root{--a:1}</style><div class="css-a1"><style data-emotion="css a1">.css-a1{color:red}</style><p>Hola</p></div>';
    expect(separateEmotionStyles(html)).toEqual({
      styles: '<style data-emotion="css-global g1">:root{--a:1}</style><style data-emotion="css a1">.css-a1{color:red}</style>',
      markup: '<div class="css-a1"><p>Hola</p></div>',
    });
    expect(separateEmotionStyles('<p>sin estilos</p>')).toEqual({ styles: '', markup: '<p>sin estilos</p>' });
  });
});
