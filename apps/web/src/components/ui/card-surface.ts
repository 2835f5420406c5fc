/**
 * The white card's look: the surface colour, a soft 1px border, the card radius and shadow. Spread it first and
 * set the padding (and any other border colour) after it; SurfaceCard adds the usual padding.
 */
export const CARD_SURFACE = { bg: 'surface', borderWidth: '1px', borderColor: 'border.soft', borderRadius: 'card', boxShadow: 'card' } as const;
