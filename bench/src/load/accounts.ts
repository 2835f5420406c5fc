/** The load bench's accounts (seeded by users.ts, signed in by generator.ts). */
export const LOAD_PASSWORD = 'una frase bastante larga';
export const loadEmail = (i: number) => `carga${i}@ascenso.local`;
