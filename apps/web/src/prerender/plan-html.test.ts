import { describe, expect, it } from 'vitest';
import { toPlanTree } from '../features/daily-plan/utils/plan-tree';
import { parsePlanHtmlOnServer } from './plan-html';

const ORIGIN = 'https://ascenso.example';
const tree = (html: string) => toPlanTree(parsePlanHtmlOnServer(html), ORIGIN);

describe('parsePlanHtmlOnServer (the plan tree on the server)', () => {
  it('keeps the allowed structure, decodes entities and makes same-site links in-app', () => {
    expect(
      tree('<p>Hoy, <strong>calma</strong> &amp; foco</p><ul><li><a class="breathing" href="https://ascenso.example/breathing">Respira</a></li></ul>'),
    ).toEqual([
      {
        type: 'element',
        tag: 'p',
        children: [
          { type: 'text', text: 'Hoy, ' },
          { type: 'element', tag: 'strong', children: [{ type: 'text', text: 'calma' }] },
          { type: 'text', text: ' & foco' },
        ],
      },
      {
        type: 'element',
        tag: 'ul',
        children: [
          {
            type: 'element',
            tag: 'li',
            children: [
              {
                type: 'link',
                href: { kind: 'internal', to: '/breathing' },
                className: 'breathing',
                iconClass: 'breathing',
                children: [{ type: 'text', text: 'Respira' }],
              },
            ],
          },
        ],
      },
    ]);
  });

  it('drops scripts, styles, comments and unknown attributes; refuses script URLs', () => {
    const nodes = tree(
      '<p onclick="x()">a<script>alert(1)</script><style>p{}</style><!-- c --><img src=x onerror=alert(2)></p><a href="javascript:alert(3)">b</a>',
    );
    const text = JSON.stringify(nodes);
    expect(text).not.toMatch(/alert|onclick|onerror|javascript|img/);
    expect(nodes).toEqual([
      { type: 'element', tag: 'p', children: [{ type: 'text', text: 'a' }] },
      { type: 'link', href: null, className: null, iconClass: null, children: [{ type: 'text', text: 'b' }] },
    ]);
  });
});
