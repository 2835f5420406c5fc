import type { BootstrapState } from '@ascenso/domain/bootstrap';
import superjson from 'superjson';
import { describe, expect, it } from 'vitest';
import fixture from '../app/first-screen.fixture.json';
import { renderMemberHome } from './member-home';

const ORIGIN = 'https://ascenso.example';
const base = fixture as BootstrapState;

/** The fixture (the demo member's bootstrap, as the server sends it) with some answers replaced. */
function stateWith(replacements: Record<string, unknown>): BootstrapState {
  return {
    v: 1,
    queries: base.queries.map((query) => (query.path in replacements ? { path: query.path, data: superjson.serialize(replacements[query.path]) } : query)),
  };
}

function meOf(state: BootstrapState): Record<string, unknown> {
  const me = state.queries.find((q) => q.path === 'auth.me');
  return superjson.deserialize(me!.data as Parameters<typeof superjson.deserialize>[0]);
}

/** The visible text of some markup (styles and tags removed). */
const textOf = (html: string) =>
  html
    .replace(/<style[^>]*>[\s\S]*?<\/style>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');

describe('renderMemberHome (Home rendered on the server)', () => {
  it('renders Home from the bootstrap: the shell, greeting, today’s audio, the plan card and the activity grid; the styles for <head>; no script', async () => {
    const { head, root: html } = await renderMemberHome(base, { origin: ORIGIN });
    const text = textOf(html);
    expect(text).toContain('Hola, Lucía');
    expect(text).toContain('Soltar la jornada');
    expect(text).toContain('Tu plan de hoy');
    expect(text).toContain('Actividades de bienestar');
    expect(text).toContain('7690 pasos');
    // The styles, all for <head>, as emotion writes them: the global ones, then every element's in one
    // style element (emotion's critical-CSS shape); none left in the markup.
    const tags = [...head.matchAll(/<style ([a-z-]+)="([^" ]+)[^"]*"([^>]*)>/g)].map((m) => `${m[1]}=${m[2]}${m[3]}`);
    expect(tags).toEqual(['data-emotion=css-global', 'data-emotion=css-global', 'data-emotion=css']);
    expect(head.replace(/<style\b[^>]*>[^<]*<\/style>/g, '')).toBe('');
    expect(html).not.toContain('<style');
    expect(head + html).not.toContain('<script');
    // Every Suspense boundary complete in place (no fallback to be swapped by an inline script).
    expect(html).not.toContain('<!--$?-->');
    expect(text).not.toContain('Cargando');
  });

  it('renders a plan from its HTML through the plan tree, and keeps hostile names and plans inert', async () => {
    const hostile = '<img src=x onerror=alert(1)></script><script>alert(2)</script>';
    const state = stateWith({
      'auth.me': { ...meOf(base), firstName: hostile },
      'dailyPlan.today': {
        plan: {
          content: `<p>Empieza con calma.</p><ul><li><a class="breathing" href="/breathing">Respira 4-7-8</a></li><li><a href="javascript:alert(3)" onclick="alert(4)">Nada</a>${hostile}</li></ul>`,
          generatedAt: new Date('2026-11-23T07:00:00Z'),
          items: [],
          source: 'offline',
          day: '2026-11-23',
        },
      },
    });
    const { head, root: html } = await renderMemberHome(state, { origin: ORIGIN });
    const text = textOf(html);
    expect(text).toContain('Empieza con calma.');
    expect(head).not.toMatch(/<script|<img/i);
    expect(html).toMatch(/<a [^>]*href="\/breathing"[^>]*>[\s\S]*Respira 4-7-8/);
    expect(html).not.toMatch(/<script|<img/i);
    // No element has such an attribute (attributes as React writes them: name="value", `"` escaped),
    // whatever the text in the values: the header's menu button carries the name in its aria-label.
    expect(html).not.toMatch(/<[a-z][\w-]*(?:\s+[\w:-]+(?:="[^"]*")?)*\s+(?:onerror|onclick)=/i);
    expect(html).toContain('aria-label="Menú de &lt;img src=x onerror=alert(1)&gt;');
    expect(html).not.toMatch(/href="javascript:/i);
    expect(text).not.toContain('alert(3)');
    // The hostile name is shown as text, escaped.
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  it('renders the counter’s voice button from the server’s answer: it opens the recorder with a transcriber; without one, or with no answer, it is aria-disabled and says why', async () => {
    /** The voice button's opening tag, and the text of the element its aria-describedby names. */
    const voiceButton = async (state: BootstrapState) => {
      const { root: html } = await renderMemberHome(state, { origin: ORIGIN });
      const tag = html.match(/<button[^>]*aria-label="Entrada rápida por voz"[^>]*>/)?.[0];
      if (!tag) throw new Error('no voice button');
      const describedBy = tag.match(/aria-describedby="([^"]+)"/)?.[1];
      const reason = describedBy ? textOf(html.match(new RegExp(`<[^>]*id="${describedBy}"[^>]*>([^<]*)<`))?.[1] ?? '').trim() : null;
      return { tag, reason };
    };

    const available = await voiceButton(base);
    expect(available.tag).toContain('aria-haspopup="dialog"');
    expect(available.tag).not.toContain('aria-disabled');
    expect(available.tag).not.toMatch(/\sdisabled/);

    const none = await voiceButton(stateWith({ 'voice.capability': { available: false, maxSeconds: 120, maxBytes: 10_485_760 } }));
    expect(none.tag).toContain('aria-disabled="true"');
    // Focusable, so its tooltip can be reached by keyboard: never the disabled attribute.
    expect(none.tag).not.toMatch(/\sdisabled(=|\s|>)/);
    expect(none.tag).not.toContain('aria-haspopup');
    expect(none.reason).toBe('La entrada por voz no está disponible: este servidor no tiene un servicio de transcripción configurado');

    // The answer missing from the page (it failed on the server): no recorder that could not work until the app knows.
    const unknown = await voiceButton({ v: 1, queries: base.queries.filter((q) => q.path !== 'voice.capability') });
    expect(unknown.tag).toContain('aria-disabled="true"');
    expect(unknown.reason).toBe('Comprobando si la entrada por voz está disponible…');
  });
});
