import DOMPurify, { type DOMPurify as DOMPurifyInstance } from 'dompurify';
import { PLAN_ALLOWED_ATTRIBUTES, PLAN_ALLOWED_TAGS, PLAN_HREF_PATTERN, allowedLinkClasses, isAllowedPlanHref } from './plan-links';
import { toPlanTree, type DomNodeLike, type PlanNode } from './plan-tree';

let purifier: DOMPurifyInstance | null = null;

/** On the server (no DOM for DOMPurify): the renderer's parser and the app's origin. */
let serverParser: { parse: (html: string) => DomNodeLike; origin: string } | null = null;

/**
 * Installed by the server-side renderer (src/prerender/member-home.tsx): plan HTML is then parsed by
 * `parse` (content the API already sanitised with sanitize-html) and walked by the same plan tree.
 */
export function setServerPlanParser(parse: (html: string) => DomNodeLike, origin: string): void {
  serverParser = { parse, origin };
}

/** A DOMPurify instance of our own, so its hooks never affect another use of the library. */
function planPurifier(): DOMPurifyInstance {
  if (purifier) return purifier;
  const instance = DOMPurify(window);
  instance.addHook('uponSanitizeAttribute', (node, data) => {
    const isLink = node.nodeName === 'A';
    if (data.attrName === 'class') {
      // Classes only on links, and only the activity-area ones.
      const kept = isLink ? allowedLinkClasses(data.attrValue) : [];
      if (kept.length === 0) data.keepAttr = false;
      else data.attrValue = kept.join(' ');
    } else if (data.attrName === 'href') {
      if (!isLink || !isAllowedPlanHref(data.attrValue)) data.keepAttr = false;
    }
  });
  purifier = instance;
  return instance;
}

/**
 * The plan's HTML (already sanitised by the server) sanitised again in the browser, then turned
 * into plan nodes. The result is data, rendered by React: no HTML string reaches the page.
 */
export function sanitizePlanContent(html: string, currentOrigin?: string): PlanNode[] {
  if (typeof window === 'undefined') {
    // Server-side rendering: without an installed parser, nothing is shown rather than unchecked markup.
    return serverParser ? toPlanTree(serverParser.parse(html), currentOrigin ?? serverParser.origin) : [];
  }
  const fragment = planPurifier().sanitize(html, {
    ALLOWED_TAGS: [...PLAN_ALLOWED_TAGS],
    ALLOWED_ATTR: [...PLAN_ALLOWED_ATTRIBUTES],
    ALLOWED_URI_REGEXP: PLAN_HREF_PATTERN,
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
    RETURN_DOM_FRAGMENT: true,
  });
  return toPlanTree(fragment, currentOrigin ?? window.location.origin);
}
