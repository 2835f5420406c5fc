import { isPlanAreaDone, planAreaOfLinkClass } from '@ascenso/domain/plan-progress';
import type { PlanNode } from './plan-tree';

type LinkNode = Extract<PlanNode, { type: 'link' }>;

/** The first link inside `node` that names an area (its icon class), or null. */
function areaLinkIn(node: PlanNode): LinkNode | null {
  if (node.type === 'text') return null;
  if (node.type === 'link') return planAreaOfLinkClass(node.iconClass) ? node : null;
  for (const child of node.children) {
    const found = areaLinkIn(child);
    if (found) return found;
  }
  return null;
}

/**
 * The plan's done items: each list item whose activity (the area of its first area link, as the API
 * renders every item: `<li><a class="breathing" href="/breathing">…</a> · 5 min<br>…</li>`) is among
 * `completed`, the activities the ledger holds on the plan's day, mapped to that link (which then
 * carries the spoken "(hecho)"). An item without an area link is never done.
 */
export function doneItems(nodes: readonly PlanNode[], completed: readonly string[]): Map<PlanNode, LinkNode> {
  const done = new Map<PlanNode, LinkNode>();
  if (completed.length === 0) return done;
  const visit = (node: PlanNode) => {
    if (node.type !== 'element') return;
    if (node.tag === 'li') {
      const link = areaLinkIn(node);
      if (link && isPlanAreaDone(planAreaOfLinkClass(link.iconClass), completed)) done.set(node, link);
    }
    node.children.forEach(visit);
  };
  nodes.forEach(visit);
  return done;
}
