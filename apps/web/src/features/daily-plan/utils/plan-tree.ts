import { decoratePlanLink, isPlanTag, type PlanHref, type PlanLinkClass, type PlanTag } from './plan-links';

/** The sanitised plan as plain data, ready to become React elements (never HTML strings). */
export type PlanNode =
  | { type: 'text'; text: string }
  | { type: 'element'; tag: Exclude<PlanTag, 'a'>; children: PlanNode[] }
  | {
      type: 'link';
      href: PlanHref | null;
      className: string | null;
      iconClass: PlanLinkClass | null;
      children: PlanNode[];
    };

/** The part of a DOM node this module reads (a DocumentFragment, an Element or a Text node). */
export interface DomNodeLike {
  nodeType: number;
  nodeName: string;
  nodeValue: string | null;
  childNodes: ArrayLike<DomNodeLike>;
  getAttribute?: (name: string) => string | null;
}

const ELEMENT_NODE = 1;
const TEXT_NODE = 3;

/**
 * Walks a (sanitised) fragment into plan nodes. Anything outside the allow-list is unwrapped to its
 * text (belt and braces: DOMPurify already removed it), links inside links become plain text, and
 * link targets and classes go through the same policy as the sanitiser.
 */
export function toPlanTree(root: DomNodeLike, currentOrigin: string): PlanNode[] {
  const walk = (node: DomNodeLike, insideLink: boolean): PlanNode[] => {
    if (node.nodeType === TEXT_NODE) return node.nodeValue ? [{ type: 'text', text: node.nodeValue }] : [];
    const children = (inLink: boolean) => Array.from(node.childNodes).flatMap((child) => walk(child, inLink));
    if (node.nodeType !== ELEMENT_NODE) {
      // Fragments and documents: their children; comments and the rest: nothing.
      return node.nodeType === 11 || node.nodeType === 9 ? children(insideLink) : [];
    }
    const tag = node.nodeName.toLowerCase();
    if (!isPlanTag(tag)) return children(insideLink);
    if (tag === 'a') {
      if (insideLink) return children(true);
      const link = decoratePlanLink(node.getAttribute?.('href'), node.getAttribute?.('class'), currentOrigin);
      return [{ type: 'link', ...link, children: children(true) }];
    }
    return [{ type: 'element', tag, children: tag === 'br' ? [] : children(insideLink) }];
  };
  return walk(root, false);
}
