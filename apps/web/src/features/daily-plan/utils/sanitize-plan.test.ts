// @vitest-environment jsdom
import DOMPurify from 'dompurify';
import { describe, expect, it } from 'vitest';
import { node, text } from './plan-nodes.testing';
import type { PlanNode } from './plan-tree';
import { sanitizePlanContent } from './sanitize-plan';

const ORIGIN = 'https://ascenso.example';

/** All the text a user would see, in order. */
function textOf(nodes: PlanNode[]): string {
  return nodes.map((node) => (node.type === 'text' ? node.text : textOf(node.children))).join('');
}

function links(nodes: PlanNode[]): Extract<PlanNode, { type: 'link' }>[] {
  return nodes.flatMap((node) => (node.type === 'link' ? [node, ...links(node.children)] : node.type === 'element' ? links(node.children) : []));
}

/**
 * The browser's DOMPurify step (sanitize-plan.ts) under a real DOM (jsdom). The plan tree after it
 * unwraps unknown tags to their text, so what only DOMPurify does is checked here: the content of
 * script-like elements goes entirely, markup that re-parses differently (mXSS) stays inert, and the
 * hooks live on the plan's own DOMPurify instance.
 */
describe('sanitizePlanContent in the browser (DOMPurify)', () => {
  it('keeps the allowed structure and links', () => {
    const nodes = sanitizePlanContent(
      '<p>Hoy: <strong>respira</strong> y <a href="/breathing" class="breathing">practica</a>.</p><ul><li>Uno</li></ul>',
      ORIGIN,
    );
    expect(nodes).toEqual([
      node(
        'p',
        text('Hoy: '),
        node('strong', text('respira')),
        text(' y '),
        expect.objectContaining({ type: 'link', href: { kind: 'internal', to: '/breathing' }, children: [text('practica')] }),
        text('.'),
      ),
      node('ul', node('li', text('Uno'))),
    ]);
  });

  it.each([
    ['script', '<p>Hola<script>robarSesion()</script></p>', 'robarSesion'],
    ['style', '<p>Hola<style>body{display:none}</style></p>', 'display'],
    ['template', '<p>Hola<template><p>oculto</p></template></p>', 'oculto'],
    ['iframe', '<p>Hola<iframe srcdoc="x">dentro del marco</iframe></p>', 'marco'],
    ['noscript', '<p>Hola<noscript>sin script</noscript></p>', 'sin script'],
    ['title', '<p>Hola<title>título</title></p>', 'título'],
    ['xmp', '<p>Hola<xmp>preformateado</xmp></p>', 'preformateado'],
  ])('drops a %s element together with its content', (_tag, html, leaked) => {
    const nodes = sanitizePlanContent(html, ORIGIN);
    expect(textOf(nodes)).toBe('Hola');
    expect(JSON.stringify(nodes)).not.toContain(leaked);
  });

  it('leaves mXSS payloads inert: no element outside the allow-list, no handler, no javascript: link', () => {
    const payloads = [
      '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
      '<svg></p><style><a id="</style><img src=1 onerror=alert(1)>">',
      '<math><mtext><table><mglyph><style><!--</style><img title="--&gt;&lt;img src=1 onerror=alert(1)&gt;">',
      '<form><math><mtext></form><form><mglyph><style></math><img src onerror=alert(1)>',
      '<a href="jav&#x09;ascript:alert(1)" class="coaching">x</a><a href="javascript:alert(1)">y</a>',
    ];
    for (const html of payloads) {
      const nodes = sanitizePlanContent(html, ORIGIN);
      const json = JSON.stringify(nodes);
      expect(json, html).not.toMatch(/onerror|javascript:/i);
      for (const link of links(nodes)) expect(link.href, html).toBeNull();
    }
  });

  it('keeps only the activity classes on links, and no class anywhere else', () => {
    const nodes = sanitizePlanContent('<p class="fixed inset-0"><a href="/fitness" class="evil fitness btn">Muévete</a></p>', ORIGIN);
    const [link] = links(nodes);
    expect(link?.className).toBe('fitness');
    expect(link?.iconClass).toBe('fitness');
  });

  it("uses a DOMPurify instance of its own: the plan's hooks never change the global one", () => {
    sanitizePlanContent('<a href="/coaching" class="coaching">x</a>', ORIGIN);
    expect(DOMPurify.sanitize('<span class="aviso">hola</span>')).toBe('<span class="aviso">hola</span>');
    expect(DOMPurify.sanitize('<a href="mailto:a@b.c">correo</a>')).toBe('<a href="mailto:a@b.c">correo</a>');
  });
});
