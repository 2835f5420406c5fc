import { DOMPURIFY_FIXTURES } from './fixtures/dompurify-fixtures';
import { OWASP_ALERT_OBFUSCATIONS, OWASP_EVENT_HANDLERS, OWASP_LT_ESCAPES, OWASP_VECTORS } from './fixtures/owasp-vectors';

/**
 * The XSS corpus of the security suite: the vendored OWASP cheat-sheet vectors and DOMPurify fixtures
 * (fixtures/*.ts, with their sources and licences), each instrumented so that running it is visible.
 */
export interface XssVector {
  /** A JavaScript identifier fragment: "d012", "o045", "oev_onload", "olt07", "oob03". */
  id: string;
  source: 'dompurify' | 'owasp';
  title: string;
  /** The vendored payload, unchanged. */
  raw: string;
  /** The payload with every alert/prompt/confirm/eval call replaced by this vector's sentinel. */
  html: string;
}

/** The sentinel a vector calls when it runs: a global function defined by the harness in every page. */
export function sentinelName(id: string): string {
  return `xss_${id}`;
}

/**
 * Rewrites a payload so that any execution is detectable: each `alert`, `prompt`, `confirm` and
 * `eval` identifier (in handlers, javascript: URLs, script bodies, CSS expressions...) becomes the
 * vector's sentinel. Obfuscated spellings the rewrite cannot see ("al\u0065rt", top["al"+"ert"],
 * entity-encoded javascript: URLs) still call the real `alert`, which the harness catches as a
 * dialog; navigations, pop-ups, uncaught errors and outside requests are trapped too.
 */
export function instrument(payload: string, id: string): string {
  return payload.replace(/\b(?:alert|prompt|confirm|eval)\b/g, sentinelName(id));
}

const pad = (n: number, width = 3) => String(n).padStart(width, '0');

function vector(source: XssVector['source'], id: string, title: string, raw: string): XssVector {
  return { id, source, title, raw, html: instrument(raw, id) };
}

/** A handler's code in an attribute, quoted with whichever quote the code does not use. */
function handlerAttribute(name: string, code: string): string {
  return code.includes('"') ? `${name}='${code}'` : `${name}="${code}"`;
}

export const DOMPURIFY_VECTORS: readonly XssVector[] = DOMPURIFY_FIXTURES.map((fixture, index) =>
  vector('dompurify', `d${pad(index + 1)}`, fixture.title, fixture.payload),
);

export const OWASP_CHEAT_SHEET_VECTORS: readonly XssVector[] = [
  ...OWASP_VECTORS.map((entry, index) => vector('owasp', `o${pad(index + 1)}`, entry.title, entry.payload)),
  // "The attack with the BODY tag can be modified for use in similar XSS attacks": each handler on an
  // element that fires error and load events by itself.
  ...OWASP_EVENT_HANDLERS.map((handler) =>
    vector('owasp', `oev_${handler.toLowerCase()}`, `Event handler ${handler}`, `<IMG SRC=x ${handlerAttribute(handler, "alert('XSS')")}>`),
  ),
  // Every spelling of "<" from "Character Escape Sequences", opening a script and an image.
  ...OWASP_LT_ESCAPES.map((lt, index) =>
    vector('owasp', `olt${pad(index + 1, 2)}`, `Character escape ${lt}`, `${lt}SCRIPT>alert('XSS')${lt}/SCRIPT>${lt}IMG SRC=x onerror=alert('XSS')>`),
  ),
  // "Filter Bypass Alert Obfuscation": each expression as an error handler.
  ...OWASP_ALERT_OBFUSCATIONS.map((expression, index) =>
    vector('owasp', `oob${pad(index + 1, 2)}`, `Alert obfuscation ${expression}`, `<img src=x ${handlerAttribute('onerror', expression)}>`),
  ),
];

/** Every vector, DOMPurify's fixtures first. */
export const ALL_VECTORS: readonly XssVector[] = [...DOMPURIFY_VECTORS, ...OWASP_CHEAT_SHEET_VECTORS];

/** Every sentinel name, for the harness to define before the app's scripts run. */
export const ALL_SENTINELS: readonly string[] = ALL_VECTORS.map((v) => sentinelName(v.id));

/** Vectors that survive a text field's trimming and fit its length (the field keeps the trimmed text). */
export function textVectors(maxLength: number, vectors: readonly XssVector[] = ALL_VECTORS): XssVector[] {
  // Text holding NUL or half a surrogate pair never reaches a page: the API refuses it with 400 at its
  // edge (apps/api/src/trpc/clean-text.ts, tested there), so it cannot be stored to be rendered.
  return vectors.filter((v) => v.html.trim().length > 0 && v.html.trim().length <= maxLength && !isMalformed(v.html));
}

/** Every vector the API accepts as text: none holding NUL or half a surrogate pair (see `textVectors`). */
export const WELL_FORMED_VECTORS: readonly XssVector[] = ALL_VECTORS.filter((v) => !isMalformed(v.html));

/** NUL or a lone UTF-16 surrogate. */
function isMalformed(text: string): boolean {
  return text.includes(String.fromCharCode(0)) || /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(text);
}

/**
 * A few vectors from each family, for the places where every vector costs a round trip: script
 * tags, handlers, javascript: URLs, entity tricks, SVG/MathML mutation XSS, obfuscated alerts.
 */
export const REPRESENTATIVE_IDS: readonly string[] = [
  'o001', // <SCRIPT SRC=...>
  'o002', // the polyglot
  'o005', // malformed IMG + SCRIPT
  'o011', // entity-encoded handler
  'o039', // <svg/onload=...>
  'o062', // <IFRAME SRC=javascript:...>
  'o130', // <iframe/src="data:text/html,<svg onload=...>">
  'd032', // mXSS: <img id/=' onerror=...'>
  'd033', // textarea/comment breakout
  'd184', // SVG <animate attributeName="xlink:href" from="javascript:...">
  'd190', // mXSS with SVG (Chrome 77)
  'd203', // nesting-based mXSS with MathML
  'd209', // namespace-confusion mXSS
  'oob01', // (alert)(1)
  'oob09', // top[8680439..toString(30)](1)
];

export function vectorById(id: string): XssVector {
  const found = ALL_VECTORS.find((v) => v.id === id);
  if (!found) throw new Error(`no vector ${id}`);
  return found;
}
