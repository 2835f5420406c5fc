/**
 * Text the databases can hold alike: PostgreSQL refuses NUL in text, and a
 * lone UTF-16 surrogate (half an emoji) cannot be stored as UTF-8 (SQLite kept it mangled, `db:copy`
 * then failed). Such input is refused at the API's edge, on every transport, with a Spanish 400.
 */
export const MALFORMED_TEXT_MESSAGE = 'El texto contiene caracteres no válidos (un carácter nulo o un emoji partido). Vuelve a escribirlo o pégalo de nuevo.';

/** Whether `text` holds NUL or a surrogate without its pair. */
export function isMalformedText(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) {
    const unit = text.charCodeAt(i);
    if (unit === 0) return true;
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return true;
      i += 1;
    } else if (unit >= 0xdc00 && unit <= 0xdfff) return true;
  }
  return false;
}

/** Whether any string in `value` (or any object key) is malformed; inputs are small and size-capped. */
export function holdsMalformedText(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return isMalformedText(value);
  if (depth > 32 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((item) => holdsMalformedText(item, depth + 1));
  if (Object.getPrototypeOf(value) !== Object.prototype && Object.getPrototypeOf(value) !== null) return false;
  return Object.entries(value).some(([key, item]) => isMalformedText(key) || holdsMalformedText(item, depth + 1));
}
