import { parseDocument } from 'htmlparser2';
import type { DomNodeLike } from '../features/daily-plan/utils/plan-tree';

/** The part of a domhandler node (htmlparser2's tree) read here. */
type HandlerNode = {
  type: string;
  name?: string;
  data?: string;
  attribs?: Record<string, string>;
  children?: HandlerNode[];
};

const ELEMENT_TYPES = new Set(['tag', 'script', 'style']);

function toDomNodeLike(node: HandlerNode): DomNodeLike {
  if (node.type === 'text') return { nodeType: 3, nodeName: '#text', nodeValue: node.data ?? '', childNodes: [] };
  if (node.type === 'root')
    return {
      nodeType: 11,
      nodeName: '#document-fragment',
      nodeValue: null,
      childNodes: (node.children ?? []).map(toDomNodeLike),
    };
  if (ELEMENT_TYPES.has(node.type)) {
    const attribs = node.attribs ?? {};
    return {
      nodeType: 1,
      nodeName: (node.name ?? '').toUpperCase(),
      nodeValue: null,
      // Script and style content is never text to show (DOMPurify drops it with the element).
      childNodes: node.type === 'tag' ? (node.children ?? []).map(toDomNodeLike) : [],
      getAttribute: (name) => (Object.hasOwn(attribs, name) ? (attribs[name] ?? null) : null),
    };
  }
  // Comments, directives, CDATA: nothing.
  return { nodeType: 8, nodeName: '#comment', nodeValue: null, childNodes: [] };
}

/**
 * The plan's HTML parsed on the server (no DOM there for DOMPurify), as the nodes the plan tree walks.
 * Entities are decoded as a browser would; the plan tree keeps only the allow-listed tags and link
 * targets, and renders text as text.
 */
export function parsePlanHtmlOnServer(html: string): DomNodeLike {
  return toDomNodeLike(
    parseDocument(html, {
      decodeEntities: true,
      lowerCaseTags: true,
      lowerCaseAttributeNames: true,
    }) as unknown as HandlerNode,
  );
}
