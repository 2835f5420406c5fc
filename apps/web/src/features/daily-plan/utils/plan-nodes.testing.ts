import type { PlanNode } from './plan-tree';

type Link = Extract<PlanNode, { type: 'link' }>;

/** Expected plan trees, written as they read (test support): a text, an element with its children, a link. */
export const text = (value: string): PlanNode => ({ type: 'text', text: value });
export const node = (tag: Extract<PlanNode, { type: 'element' }>['tag'], ...children: PlanNode[]): PlanNode => ({ type: 'element', tag, children });
export const link = (props: Omit<Link, 'type' | 'children'>, ...children: PlanNode[]): PlanNode => ({ type: 'link', ...props, children });
