/** A native input stretched invisibly over its label, so the whole label is the hit area (choice chips, choice cards). */
export const COVERING_INPUT = { position: 'absolute', inset: '0', w: 'full', h: 'full', m: '0', opacity: '0' } as const;
