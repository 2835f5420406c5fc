import { z, type ZodType } from 'zod';

/**
 * Keywords left out of the JSON schema sent as `response_format` (strict). OpenAI's strict mode refuses
 * or ignores several of them depending on the model (string lengths, patterns and formats, numeric and
 * array bounds), Ollama turns the schema into a grammar and drops what it cannot express, and vLLM's
 * guided decoding (xgrammar) falls back or fails on some. Every server follows a schema without them;
 * the bounds are checked afterwards with zod (the answer is refused if it breaks one) and are told to
 * the model in the field's description instead.
 */
export const STRICT_REFUSED_KEYWORDS = [
  '$schema',
  'minLength',
  'maxLength',
  'pattern',
  'format',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minItems',
  'maxItems',
  'uniqueItems',
  'minProperties',
  'maxProperties',
  'patternProperties',
  'propertyNames',
  'default',
] as const;

const REFUSED = new Set<string>(STRICT_REFUSED_KEYWORDS);
const SAFE_INT = Number.MAX_SAFE_INTEGER;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** The bounds being dropped, in words the model reads ("entre 1 y 300 caracteres"). */
function boundsNote(node: Record<string, Json>): string | null {
  const notes: string[] = [];
  const range = (min: Json | undefined, max: Json | undefined, unit: string) => {
    const lo = typeof min === 'number' && Math.abs(min) < SAFE_INT ? min : null;
    const hi = typeof max === 'number' && Math.abs(max) < SAFE_INT ? max : null;
    if (lo !== null && hi !== null) notes.push(`entre ${lo} y ${hi}${unit}`);
    else if (lo !== null) notes.push(`como mínimo ${lo}${unit}`);
    else if (hi !== null) notes.push(`como máximo ${hi}${unit}`);
  };
  range(node.minLength, node.maxLength, ' caracteres');
  range(node.minItems, node.maxItems, ' elementos');
  range(node.minimum, node.maximum, '');
  return notes.length ? notes.join('; ') : null;
}

function clean(node: Json): Json {
  if (Array.isArray(node)) return node.map(clean);
  if (node === null || typeof node !== 'object') return node;
  const out: Record<string, Json> = {};
  for (const [key, value] of Object.entries(node)) {
    if (REFUSED.has(key)) continue;
    // `properties` maps names to schemas: its keys are field names, not keywords.
    if (key === 'properties' && value && typeof value === 'object' && !Array.isArray(value)) {
      out[key] = Object.fromEntries(Object.entries(value).map(([name, schema]) => [name, clean(schema)]));
      continue;
    }
    out[key] = clean(value);
  }
  const note = boundsNote(node);
  if (note) out.description = typeof node.description === 'string' ? `${node.description} (${note})` : `${note[0]?.toUpperCase()}${note.slice(1)}.`;
  if (out.type === 'object') {
    // Strict mode: every property required and nothing else allowed (zod already says so; made sure).
    out.additionalProperties = false;
    const properties = out.properties;
    if (properties && typeof properties === 'object' && !Array.isArray(properties)) out.required = Object.keys(properties);
  }
  return out;
}

/**
 * The JSON schema of a zod schema as OpenAI strict mode, Ollama and vLLM all accept it: objects
 * closed with every property required, and none of STRICT_REFUSED_KEYWORDS. Validate the answer with
 * the zod schema afterwards.
 */
export function strictJsonSchema(schema: ZodType): Record<string, unknown> {
  return clean(z.toJSONSchema(schema) as Json) as Record<string, unknown>;
}

/** Every keyword of STRICT_REFUSED_KEYWORDS used anywhere in a JSON schema (for tests). */
export function refusedKeywordsIn(schema: unknown): string[] {
  const found = new Set<string>();
  const walk = (node: unknown, inProperties: boolean) => {
    if (Array.isArray(node)) return node.forEach((n) => walk(n, false));
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      if (!inProperties && REFUSED.has(key)) found.add(key);
      walk(value, !inProperties && key === 'properties');
    }
  };
  walk(schema, false);
  return [...found];
}
