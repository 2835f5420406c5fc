/**
 * The plan's HTML policy (contract "Content and AI"), shared by the DOMPurify configuration and the
 * renderer: a few tags, `href` and `class` only, links to relative paths or https, and link classes
 * from the six activity areas (plus "meditations").
 */
export const PLAN_ALLOWED_TAGS = ['p', 'ul', 'ol', 'li', 'a', 'strong', 'em', 'br'] as const;
export type PlanTag = (typeof PLAN_ALLOWED_TAGS)[number];

export const PLAN_ALLOWED_ATTRIBUTES = ['href', 'class'] as const;

export const PLAN_LINK_CLASSES = ['breathing', 'fitness', 'journal', 'coaching', 'active-breaks', 'meditation', 'meditations'] as const;
export type PlanLinkClass = (typeof PLAN_LINK_CLASSES)[number];

const LINK_CLASS_SET: ReadonlySet<string> = new Set(PLAN_LINK_CLASSES);

/**
 * For DOMPurify's ALLOWED_URI_REGEXP: a same-site path ("/coaching", never "//host" or "/\host",
 * which browsers treat as another site) or an https URL.
 */
export const PLAN_HREF_PATTERN = /^(?:\/(?![/\\])|https:\/\/)/i;

// C0 controls, DEL and backslashes have no business in a plan link (and "\" can turn into "/").
// eslint-disable-next-line no-control-regex
const FORBIDDEN_HREF_CHARACTERS = /[\u0000-\u001f\u007f\\]/;

export function isPlanTag(name: string): name is PlanTag {
  return (PLAN_ALLOWED_TAGS as readonly string[]).includes(name);
}

/** The allowed classes of a link, in their order, without repeats; everything else is dropped. */
export function allowedLinkClasses(classAttribute: string | null | undefined): PlanLinkClass[] {
  if (!classAttribute) return [];
  const kept: PlanLinkClass[] = [];
  for (const token of classAttribute.split(/\s+/)) {
    if (LINK_CLASS_SET.has(token) && !kept.includes(token as PlanLinkClass)) kept.push(token as PlanLinkClass);
  }
  return kept;
}

/** Only relative (root) paths and https URLs. */
export function isAllowedPlanHref(href: string | null | undefined): href is string {
  if (!href) return false;
  const value = href.trim();
  return value.length > 0 && !FORBIDDEN_HREF_CHARACTERS.test(value) && PLAN_HREF_PATTERN.test(value);
}

export type PlanHref = { kind: 'internal'; to: string } | { kind: 'external'; href: string };

/**
 * Where a plan link goes: same-site links (a path, or an https URL on this origin) navigate inside
 * the app; other https links are ordinary external links; anything else is not a link at all.
 */
export function resolvePlanHref(href: string | null | undefined, currentOrigin: string): PlanHref | null {
  if (!isAllowedPlanHref(href)) return null;
  const value = href.trim();
  let url: URL;
  try {
    url = new URL(value, currentOrigin);
  } catch {
    return null;
  }
  if (url.origin === currentOrigin) return { kind: 'internal', to: `${url.pathname}${url.search}${url.hash}` };
  if (url.protocol !== 'https:') return null;
  return { kind: 'external', href: url.href };
}

/** A plan link after decoration: its target, its kept classes and the class that picks its icon. */
export interface DecoratedPlanLink {
  href: PlanHref | null;
  className: string | null;
  iconClass: PlanLinkClass | null;
}

export function decoratePlanLink(href: string | null | undefined, classAttribute: string | null | undefined, currentOrigin: string): DecoratedPlanLink {
  const classes = allowedLinkClasses(classAttribute);
  return {
    href: resolvePlanHref(href, currentOrigin),
    className: classes.length > 0 ? classes.join(' ') : null,
    iconClass: classes[0] ?? null,
  };
}
