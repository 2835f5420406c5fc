import superjson from 'superjson';

/**
 * superjson, with a fast path for answers that are plain JSON. superjson.serialize walks every value
 * to record special types (Date, Map, undefined...), which cost more than the rest of a small query.
 * When a value holds only plain objects, arrays, strings, booleans, null and finite numbers (not -0),
 * superjson's own output is exactly `{ json: value }` with no meta, so that is returned directly. Any
 * other value (a Date anywhere, undefined, NaN, a class instance...) goes through superjson. Clients
 * keep using plain superjson on every link: the wire format is the same.
 */
export const transformer = {
  serialize: (value: unknown) => (isPlainJson(value, 0) ? { json: value } : superjson.serialize(value)),
  deserialize: (value: unknown): unknown => superjson.deserialize(value as Parameters<typeof superjson.deserialize>[0]),
};

const MAX_DEPTH = 64;

function isPlainJson(value: unknown, depth: number): boolean {
  if (value === null) return true;
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return true;
    case 'number':
      return Number.isFinite(value) && !Object.is(value, -0);
    case 'object': {
      if (depth > MAX_DEPTH) return false;
      if (Array.isArray(value)) {
        for (let i = 0; i < value.length; i += 1) {
          if (!(i in value) || !isPlainJson(value[i], depth + 1)) return false;
        }
        return true;
      }
      const prototype = Object.getPrototypeOf(value) as unknown;
      if (prototype !== Object.prototype && prototype !== null) return false;
      if (Object.getOwnPropertySymbols(value).length > 0) return false;
      for (const key in value) {
        // superjson refuses these keys (prototype pollution): let it decide.
        if (key === '__proto__' || key === 'constructor' || key === 'prototype') return false;
        if (!isPlainJson((value as Record<string, unknown>)[key], depth + 1)) return false;
      }
      return true;
    }
    default:
      return false;
  }
}
