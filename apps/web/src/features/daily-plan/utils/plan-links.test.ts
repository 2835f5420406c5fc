import { describe, expect, it } from 'vitest';
import { PLAN_HREF_PATTERN, allowedLinkClasses, decoratePlanLink, isAllowedPlanHref, resolvePlanHref } from './plan-links';
import { link as planLink, node as planNode, text as planText } from './plan-nodes.testing';
import { toPlanTree, type DomNodeLike } from './plan-tree';

const ORIGIN = 'https://ascenso.example';

describe('plan link classes', () => {
  it('keeps only the activity classes, in order and once', () => {
    expect(allowedLinkClasses('coaching')).toEqual(['coaching']);
    expect(allowedLinkClasses('evil  fitness btn fitness meditations')).toEqual(['fitness', 'meditations']);
    expect(allowedLinkClasses('active-breaks')).toEqual(['active-breaks']);
    expect(allowedLinkClasses('Coaching')).toEqual([]);
    expect(allowedLinkClasses('fixed inset-0 z-50')).toEqual([]);
    expect(allowedLinkClasses('')).toEqual([]);
    expect(allowedLinkClasses(null)).toEqual([]);
  });
});

describe('plan link targets', () => {
  it('allows root-relative paths and https only', () => {
    for (const ok of ['/coaching', '/breathing?x=1#a', 'https://example.com/x', 'HTTPS://example.com', ' /fitness ']) {
      expect(isAllowedPlanHref(ok), ok).toBe(true);
    }
    for (const bad of [
      'javascript:alert(1)',
      ' javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox',
      'http://example.com',
      '//evil.example',
      '/\\evil.example',
      '/\tevil',
      'coaching',
      '#top',
      'mailto:a@b.c',
      '',
      null,
      undefined,
    ]) {
      expect(isAllowedPlanHref(bad), String(bad)).toBe(false);
    }
    expect(PLAN_HREF_PATTERN.test('//evil.example')).toBe(false);
    expect(PLAN_HREF_PATTERN.test('/\\evil.example')).toBe(false);
  });

  it('same-site links navigate inside the app; other https links stay external', () => {
    expect(resolvePlanHref('/coaching', ORIGIN)).toEqual({ kind: 'internal', to: '/coaching' });
    expect(resolvePlanHref('https://ascenso.example/breathing?x=1#y', ORIGIN)).toEqual({
      kind: 'internal',
      to: '/breathing?x=1#y',
    });
    expect(resolvePlanHref('https://otro.example/a', ORIGIN)).toEqual({
      kind: 'external',
      href: 'https://otro.example/a',
    });
    expect(resolvePlanHref('javascript:alert(1)', ORIGIN)).toBeNull();
    expect(resolvePlanHref('/coaching', 'http://localhost:3100')).toEqual({ kind: 'internal', to: '/coaching' });
  });

  it('decorates a link with its kept classes and the icon class', () => {
    expect(decoratePlanLink('/journaling', 'x journal', ORIGIN)).toEqual({
      href: { kind: 'internal', to: '/journaling' },
      className: 'journal',
      iconClass: 'journal',
    });
    expect(decoratePlanLink('javascript:x', 'evil', ORIGIN)).toEqual({ href: null, className: null, iconClass: null });
  });
});

// Minimal DOM-like nodes (the real ones come from DOMPurify in the browser).
const text = (value: string): DomNodeLike => ({ nodeType: 3, nodeName: '#text', nodeValue: value, childNodes: [] });
const el = (name: string, attrs: Record<string, string>, ...children: DomNodeLike[]): DomNodeLike => ({
  nodeType: 1,
  nodeName: name.toUpperCase(),
  nodeValue: null,
  childNodes: children,
  getAttribute: (attr) => attrs[attr] ?? null,
});
const fragment = (...children: DomNodeLike[]): DomNodeLike => ({
  nodeType: 11,
  nodeName: '#document-fragment',
  nodeValue: null,
  childNodes: children,
});

describe('plan tree', () => {
  it('turns the server plan into nodes with decorated links', () => {
    const tree = toPlanTree(
      fragment(
        el('p', {}, text('Buenos días.')),
        el('ul', {}, el('li', {}, el('a', { class: 'coaching', href: '/coaching' }, text('Consulta')), text(' · 5 min'), el('br', {}), text('Motivo'))),
      ),
      ORIGIN,
    );
    expect(tree).toEqual([
      planNode('p', planText('Buenos días.')),
      planNode(
        'ul',
        planNode(
          'li',
          planLink({ href: { kind: 'internal', to: '/coaching' }, className: 'coaching', iconClass: 'coaching' }, planText('Consulta')),
          planText(' · 5 min'),
          planNode('br'),
          planText('Motivo'),
        ),
      ),
    ]);
  });

  it('unwraps unknown elements, drops comments and flattens nested links', () => {
    const comment: DomNodeLike = { nodeType: 8, nodeName: '#comment', nodeValue: 'x', childNodes: [] };
    const tree = toPlanTree(
      fragment(
        el('div', {}, text('hola')),
        comment,
        el('a', { href: 'javascript:alert(1)', class: 'evil' }, el('a', { href: '/fitness', class: 'fitness' }, text('dentro'))),
      ),
      ORIGIN,
    );
    expect(tree).toEqual([planText('hola'), planLink({ href: null, className: null, iconClass: null }, planText('dentro'))]);
  });
});
