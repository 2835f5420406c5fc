import DOMPurify, { type DOMPurify as DOMPurifyInstance } from 'dompurify';
import {
  PLAN_ALLOWED_ATTRIBUTES,
  PLAN_ALLOWED_TAGS,
  PLAN_HREF_PATTERN,
  allowedLinkClasses,
  isAllowedPlanHref,
} from './plan-links';
import { toPlanTree, type PlanNode } from './plan-tree';

let purifier: DOMPurifyInstance | null = null;

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
    // No DOM (a render outside the browser): nothing is shown rather than unchecked markup.
    return [];
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
