import MarkdownIt from 'markdown-it';
import { describe, expect, it } from 'vitest';
import { say, signedIn } from '../../testing/coaching';
import { createTestApp } from '../../testing/test-app';
import { grantEvidence } from '../activities/evidence.testing';
import { escapeMarkdownInline, escapeMarkdownText, renderExportMarkdown, type MarkdownExportSource } from './export-markdown';

const HOSTILE = [
  '# Título falso',
  '<script>alert(1)</script>',
  '[x](javascript:alert(1))',
  '![i](https://evil.example/p.png)',
  '```',
  '- lista',
  '1. uno',
].join('\n');

/** The lines of a document that CommonMark would read as structure (headings, HTML, links, code, lists, tables). */
function structuralLines(markdown: string) {
  return markdown.split('\n').filter((line) => /^(#{1,6} |<|```|~~~|[-+*] |\d+[.)] |\|)/.test(line));
}

function source(over: Partial<MarkdownExportSource> = {}): MarkdownExportSource {
  const at = new Date('2026-11-22T09:00:00Z');
  return {
    exportedAt: at,
    account: { firstName: 'Ana', lastName: null, timezone: 'Europe/Madrid' },
    steps: { totalSteps: 0, ledger: [], adjustments: [] },
    journal: [],
    coaching: { conversations: [], commitments: [] },
    coachMemory: { notes: [] },
    ...over,
  };
}

describe('escaping untrusted text', () => {
  it('makes headings, HTML, links, images, code, lists, tables and entities literal', () => {
    expect(escapeMarkdownInline('# Título falso')).toBe('\\# Título falso');
    expect(escapeMarkdownInline('<script>alert(1)</script>')).toBe('\\<script\\>alert(1)\\</script\\>');
    expect(escapeMarkdownInline('[x](javascript:alert(1))')).toBe('\\[x\\](javascript:alert(1))');
    expect(escapeMarkdownInline('`code` *a* _b_ ~c~ | d')).toBe('\\`code\\` \\*a\\* \\_b\\_ \\~c\\~ \\| d');
    expect(escapeMarkdownInline('&lt;b&gt; y Ana & Luis')).toBe('\\&lt;b\\&gt; y Ana & Luis');
    expect(escapeMarkdownInline('línea 1\nlínea 2')).toBe('línea 1 línea 2');
    expect(escapeMarkdownText('- uno\n+ dos\n1. tres\n2) cuatro\n===\n    código')).toBe('\\- uno\\\n\\+ dos\\\n1\\. tres\\\n2\\) cuatro\\\n\\===\\\ncódigo');
  });

  it('keeps paragraphs and drops control characters and extra blank lines', () => {
    expect(escapeMarkdownText('\n\nHola\u0000\r\n\r\n\r\n\r\nAdiós\n\n')).toBe('Hola\n\nAdiós');
  });

  it('an entry cannot add structure to the document', () => {
    const markdown = renderExportMarkdown(
      source({
        journal: [{ id: 'j1', title: '## Título <b>', body: HOSTILE, mood: '[ánimo](http://x)', createdAt: new Date('2026-11-22T08:00:00Z') }],
        coaching: {
          conversations: [{ id: 's1', kind: 'session', title: '# S', status: 'completed', summary: HOSTILE, createdAt: new Date('2026-11-22T08:30:00Z') }],
          commitments: [{ conversationId: 's1', text: '<img src=x onerror=alert(1)>', status: 'open', createdAt: new Date('2026-11-22T08:40:00Z') }],
        },
        coachMemory: { notes: [{ text: '| a | b |', createdAt: new Date('2026-11-22T08:00:00Z') }] },
      }),
    );
    expect(structuralLines(markdown)).toEqual([
      '# Tus datos de Ascenso',
      '## Tu diario',
      '### domingo, 22 de noviembre de 2026, 09:00: \\#\\# Título \\<b\\>',
      '## Tus sesiones',
      '### domingo, 22 de noviembre de 2026, 09:30: \\# S',
      '#### Resumen',
      '#### Compromisos',
      '- \\<img src=x onerror=alert(1)\\> (abierto)',
      '## Lo que tu coach sabe de ti',
      '- \\| a \\| b \\|',
      '## Tus pasos',
    ]);
    expect(markdown).toContain('\\# Título falso\\\n\\<script\\>alert(1)\\</script\\>\\\n\\[x\\](javascript:alert(1))');
    expect(markdown).not.toMatch(/(^|[^\\])[<[]/m);
  });
});

describe('parsed by a CommonMark + GFM parser (markdown-it, raw HTML allowed)', () => {
  const md = new MarkdownIt({ html: true });
  const hostileText = [
    HOSTILE,
    '<div>bloque</div>',
    '    sangrado',
    '> cita',
    '***',
    'texto',
    '---',
    '| a | b |',
    '| - | - |',
    '&lt;b&gt; &#60;i&#62;',
    '<https://evil.example>',
    '[ref]: https://evil.example',
    '[ref]',
    '~~~',
    '*énfasis* __fuerte__',
  ].join('\n');

  it('an entry full of Markdown and HTML renders as its own literal text', () => {
    const markdown = renderExportMarkdown(
      source({
        journal: [{ id: 'j1', title: hostileText.split('\n')[0] ?? '', body: hostileText, mood: '<b>ánimo</b>', createdAt: new Date('2026-11-22T08:00:00Z') }],
        coaching: {
          conversations: [
            { id: 's1', kind: 'session', title: '[S](javascript:x)', status: 'completed', summary: hostileText, createdAt: new Date('2026-11-22T08:30:00Z') },
          ],
          commitments: [{ conversationId: 's1', text: hostileText, status: 'open', createdAt: new Date('2026-11-22T08:40:00Z') }],
        },
        coachMemory: { notes: [{ text: hostileText, createdAt: new Date('2026-11-22T08:00:00Z') }] },
        steps: { totalSteps: 1, ledger: [{ activityKey: '<i>x</i> | y', stepsEarned: 1, completedAt: new Date('2026-11-22T08:00:00Z') }], adjustments: [] },
      }),
    );
    const tokens = md.parse(markdown, {}).flatMap((t) => [t, ...(t.children ?? [])]);
    const types = new Set(tokens.map((t) => t.type));
    for (const forbidden of [
      'html_block',
      'html_inline',
      'link_open',
      'image',
      'code_block',
      'fence',
      'code_inline',
      'blockquote_open',
      'hr',
      'em_open',
      's_open',
    ]) {
      expect(types.has(forbidden), forbidden).toBe(false);
    }
    const strong = tokens.flatMap((t, i) => (t.type === 'strong_open' ? [tokens[i + 1]?.content] : []));
    expect(new Set(strong)).toEqual(new Set(['Estado de ánimo:', 'Estado:', 'Total de pasos:'])); // only our labels
    const headings = tokens.flatMap((t, i) => (t.type === 'heading_open' ? [`${t.tag} ${tokens[i + 1]?.content ?? ''}`] : []));
    expect(headings.filter((h) => /^h[12] /.test(h))).toEqual([
      'h1 Tus datos de Ascenso',
      'h2 Tu diario',
      'h2 Tus sesiones',
      'h2 Lo que tu coach sabe de ti',
      'h2 Tus pasos',
    ]);
    expect(headings.filter((h) => /^h[3-6] /.test(h))).toHaveLength(4); // the entry, the session, its Resumen and Compromisos
    // One table (the ledger, one row) and three list items (the commitment, the note).
    expect(tokens.filter((t) => t.type === 'table_open')).toHaveLength(1);
    expect(tokens.filter((t) => t.type === 'tr_open')).toHaveLength(2);
    expect(tokens.filter((t) => t.type === 'list_item_open')).toHaveLength(2);
    // With GFM's autolinks on, a bare web address the person wrote becomes clickable showing exactly itself (as on GitHub);
    // never a javascript: link, never a link whose text differs from its target.
    const linked = new MarkdownIt({ html: true, linkify: true }).parse(markdown, {}).flatMap((t) => t.children ?? []);
    const links = linked.flatMap((t, i) => (t.type === 'link_open' ? [{ href: t.attrGet('href'), text: linked[i + 1]?.content }] : []));
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) {
      expect(link.href).toMatch(/^https:\/\/evil\.example/);
      expect(link.href).toBe(link.text);
    }
    // The text reads back as written: the rendered HTML shows the raw characters, escaped.
    const html = md.render(markdown);
    expect(html).not.toMatch(/<(script|div|a|img|b|i|code|pre|blockquote|hr|em)[\s>]/);
    expect(html).toContain('# Título falso<br>\n&lt;script&gt;alert(1)&lt;/script&gt;<br>\n[x](javascript:alert(1))');
    expect(html).toContain('&amp;lt;b&amp;gt; &amp;#60;i&amp;#62;');
    expect(html).toContain('&lt;i&gt;x&lt;/i&gt; | y');
  });
});

describe('renderExportMarkdown', () => {
  it('renders every section, oldest first, with dates in the user’s timezone', () => {
    const markdown = renderExportMarkdown(
      source({
        account: { firstName: 'Ana', lastName: 'Ruiz', timezone: 'America/Mexico_City' },
        steps: {
          totalSteps: 2750,
          ledger: [
            { activityKey: 'journaling', stepsEarned: 250, completedAt: new Date('2026-11-22T09:00:00Z') },
            { activityKey: 'sesion_completa', stepsEarned: 1250, completedAt: new Date('2026-11-22T09:00:00Z') },
            { activityKey: 'sesion_completa', stepsEarned: 1250, completedAt: new Date('2026-11-22T09:00:00Z') },
          ],
          adjustments: [{ steps: -100 }, { steps: 100 }],
        },
        journal: [
          { id: 'b', title: 'Segunda', body: 'Más tarde', mood: null, createdAt: new Date('2026-11-22T05:00:00Z') },
          { id: 'a', title: 'Primera', body: 'Noche', mood: 'calma', createdAt: new Date('2026-11-22T03:30:00Z') },
        ],
        coaching: {
          conversations: [{ id: 'c', kind: 'chat', title: 'Charla', status: 'active', summary: null, createdAt: new Date('2026-11-22T03:00:00Z') }],
          commitments: [{ conversationId: null, text: 'Caminar', status: 'done', createdAt: new Date('2026-11-22T03:00:00Z') }],
        },
      }),
      new Map([['sesion_completa', 'Sesión completa']]),
    );
    // 03:30 UTC is 21:30 of the day before in Mexico City.
    expect(markdown).toContain('### sábado, 21 de noviembre de 2026, 21:30: Primera\n\n**Estado de ánimo:** calma\n\nNoche');
    expect(markdown.indexOf('Primera')).toBeLessThan(markdown.indexOf('Segunda'));
    expect(markdown).toContain('**Estado de ánimo:** sin indicar');
    expect(markdown).toContain('Cuenta de Ana Ruiz.');
    expect(markdown).toContain('Todavía no tienes sesiones con resumen.');
    expect(markdown).not.toContain('Charla');
    expect(markdown).toContain('### Otros compromisos\n\n- Caminar (cumplido)');
    expect(markdown).toContain('No has añadido notas para tu coach.');
    expect(markdown).toContain('**Total de pasos:** 2750');
    expect(markdown).toContain('| Sesión completa | 2 | 2500 |\n| journaling | 1 | 250 |');
    expect(markdown).toContain('Ajustes manuales: 2 ajustes, 0 pasos en total.');
    expect(markdown.endsWith('\n')).toBe(true);
  });

  it('says so when there is nothing yet', () => {
    const markdown = renderExportMarkdown(source());
    expect(markdown).toContain('Todavía no has escrito en tu diario.');
    expect(markdown).toContain('Todavía no has registrado actividades.');
    expect(markdown).not.toContain('Ajustes manuales');
  });
});

describe('GET /api/profile/export?format=markdown', () => {
  it('downloads the journal, sessions with commitments, notes and the ledger in the user’s timezone', async () => {
    const t = createTestApp();
    t.clock.set(new Date('2026-11-26T04:30:00Z'));
    const { cookie, user, caller } = await signedIn(t);
    await caller.profile.update({ firstName: 'Lucía', timezone: 'America/Mexico_City' });
    await caller.journaling.create({ mood: 'calma', body: 'Una entrada de prueba' });
    t.clock.advance(60_000);
    await caller.journaling.create({ mood: 'cansancio', body: HOSTILE });
    const session = await caller.coaching.start({ kind: 'session' });
    await say(caller, session.id, 'Llego con un 6, cansada');
    await say(caller, session.id, 'Quiero preparar la conversación con Marta sobre delegar');
    await say(caller, session.id, 'Podría darle el informe semanal');
    await say(caller, session.id, 'Hablar con Marta el lunes; delegar el informe semanal');
    await caller.profile.addNote({ text: 'Prefiero hablar por la mañana' });
    await grantEvidence(t, user.id, 'journaling');
    await t.request('/api/activity-log', { cookie, body: { activity_key: 'journaling' } });

    const response = await t.request('/api/profile/export?format=markdown', { cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    // 04:31 UTC on the 26th is still the 25th in Mexico City.
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="ascenso-2026-11-25.md"');
    const markdown = await response.text();
    const headings = markdown.split('\n').filter((line) => line.startsWith('## '));
    expect(headings).toEqual(['## Tu diario', '## Tus sesiones', '## Lo que tu coach sabe de ti', '## Tus pasos']);
    expect(markdown).toMatch(/### miércoles, 25 de noviembre de 2026, 22:30: .+\n\n\*\*Estado de ánimo:\*\* calma\n\nUna entrada de prueba/);
    expect(markdown).toContain('**Estado de ánimo:** cansancio');
    expect(markdown).toContain('### miércoles, 25 de noviembre de 2026, 22:31: Quiero preparar la conversación con Marta sobre delegar');
    expect(markdown).toMatch(/#### Resumen\n\n.*dos compromisos/);
    expect(markdown).toContain('#### Compromisos\n\n- Hablar con Marta el lunes (abierto)\n- delegar el informe semanal (abierto)');
    expect(markdown).toContain('- Prefiero hablar por la mañana');
    const total = await t.deps.repos.steps.total(user.id);
    expect(markdown).toContain(`**Total de pasos:** ${new Intl.NumberFormat('es-ES').format(total)}`);
    expect(markdown).toMatch(/\| Sesión completa \| 1 \| 1250 \|/);
    // The hostile entry stays text: no heading, HTML or link of its own (its title, from its first line, is escaped in our heading).
    expect(structuralLines(markdown).filter((line) => /Título falso|script|javascript|evil|lista|uno$/.test(line))).toEqual([
      '### miércoles, 25 de noviembre de 2026, 22:31: \\# Título falso',
    ]);
    expect(markdown).toContain('\\# Título falso');
    expect(markdown).toContain('\\<script\\>');
    expect(markdown).toContain('\\[x\\](javascript:alert(1))');
  });

  it('keeps the JSON export as it was, refuses other formats with a 400 and needs a session', async () => {
    const t = createTestApp();
    const { cookie, caller } = await signedIn(t);
    await caller.journaling.create({ mood: 'calma', body: 'Una entrada de prueba' });
    const plain = await t.request('/api/profile/export', { cookie });
    const json = await t.request('/api/profile/export?format=json', { cookie });
    for (const response of [plain, json]) {
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(response.headers.get('content-disposition')).toBe('attachment; filename="ascenso-mis-datos.json"');
    }
    expect(await json.json()).toEqual(await plain.json());

    for (const format of ['pdf', '', 'MARKDOWN', 'markdown%00']) {
      const bad = await t.request(`/api/profile/export?format=${format}`, { cookie });
      expect(bad.status).toBe(400);
      expect(await bad.json()).toMatchObject({
        error: {
          code: 'VALIDATION',
          message: 'Formato de exportación no válido: elige json o markdown',
          details: { fieldErrors: { format: ['Elige json o markdown'] } },
        },
      });
    }
    expect((await t.request('/api/profile/export?format=markdown')).status).toBe(401);
    const anonymous = await t.request('/api/profile/export?format=markdown');
    expect(await anonymous.json()).toMatchObject({ error: { code: 'UNAUTHORIZED' } });
  });
});

describe('exports per hour (EXPORTS_PER_HOUR)', () => {
  it('answers 10 exports an hour, JSON and Markdown together; the eleventh is 429 with the wait in Spanish; another user is served', async () => {
    const t = createTestApp();
    expect(t.deps.config.exportsPerHour).toBe(10);
    const { cookie } = await t.registerUser();
    for (let i = 0; i < 10; i += 1) {
      expect((await t.request(`/api/profile/export${i % 2 ? '?format=markdown' : ''}`, { cookie })).status).toBe(200);
    }
    const refused = await t.request('/api/profile/export?format=markdown', { cookie });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(55 * 60);
    const body = (await refused.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('RATE_LIMITED');
    expect(body.error.message).toMatch(/^Has descargado tus datos muchas veces en la última hora\. Podrás volver a hacerlo dentro de \d+ minutos\.$/);
    const other = await t.registerUser();
    expect((await t.request('/api/profile/export', { cookie: other.cookie })).status).toBe(200);
  });
});
