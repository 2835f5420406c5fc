const TRPC_PREFIX = '/api/trpc/';

/**
 * True when a tRPC HTTP request is a batch (`?batch=1`) of more than one call naming an `auth.*`
 * procedure. Such a request is answered by the adapter with batching off (400 before any procedure
 * runs): each sign-in, registration or password check must come on its own, so that one request can
 * never carry many guesses or many Argon2 hashes. Paths are decoded as tRPC decodes them.
 */
export function namesAuthInBatch(url: string): boolean {
  const query = url.indexOf('?');
  if (query < 0) return false;
  const start = url.indexOf(TRPC_PREFIX);
  if (start < 0 || start > query) return false;
  if (new URLSearchParams(url.slice(query + 1)).get('batch') !== '1') return false;
  let paths: string[];
  try {
    paths = decodeURIComponent(url.slice(start + TRPC_PREFIX.length, query)).split(',');
  } catch {
    return false;
  }
  return paths.length > 1 && paths.some((path) => path.startsWith('auth.'));
}

/** Spanish wording of the adapter's own refusals of a batch (tRPC writes them in English). */
export const BATCH_REFUSALS: ReadonlyMap<string, string> = new Map([
  ['Batching is not enabled on the server', 'Las llamadas de acceso (auth.*) no se pueden agrupar en un lote: envíalas de una en una.'],
  ['Batch call exceeds maximum size', 'El lote tiene demasiadas llamadas.'],
]);
