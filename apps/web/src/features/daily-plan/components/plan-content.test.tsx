// @vitest-environment jsdom
import { ChakraProvider } from '@chakra-ui/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { getSystem } from '../../../theme';
import { PlanContent } from './plan-content';

/** A plan as the API renders it (renderPlanHtml): one item per area link, plus a line with no activity. */
const PLAN = [
  '<p>Buenos días, Ana. Para hoy te propongo 4 actividades.</p><ul>',
  '<li><a class="active-breaks" href="/active-breaks">Pausa activa: Cuello</a> · 1 min<br>Mueve el cuello.</li>',
  '<li><a class="breathing" href="/breathing">Coherente</a> · 5 min<br>Respira despacio.</li>',
  '<li><a class="meditations" href="/meditations">Audio del día: Soltar la jornada</a> · 6 min<br>Escúchalo.</li>',
  '<li><a class="journal" href="/journaling">Diario guiado</a> · 5 min<br>La pregunta de hoy.</li>',
  '<li>Bebe agua a media mañana.</li>',
  '</ul>',
].join('');

function render(completed?: readonly string[]) {
  const html = renderToStaticMarkup(
    <ChakraProvider value={getSystem()}>
      <MemoryRouter>
        <PlanContent html={PLAN} completed={completed} />
      </MemoryRouter>
    </ChakraProvider>,
  );
  return new DOMParser().parseFromString(html, 'text/html');
}

/** An element's text as a screen reader gets it: without what is aria-hidden. */
function spokenText(element: Element): string {
  const clone = element.cloneNode(true) as Element;
  for (const hidden of clone.querySelectorAll('[aria-hidden="true"]')) hidden.remove();
  return (clone.textContent ?? '').replace(/\s+/g, ' ').trim();
}

function item(dom: Document, title: string): Element {
  const found = [...dom.querySelectorAll('li')].find((li) => li.textContent?.includes(title));
  if (!found) throw new Error(`no item "${title}"`);
  return found;
}

describe('PlanContent: done items', () => {
  it('marks the items whose activity is in the ledger today: a visible check and "Hecho", and "(hecho)" in the link’s name', () => {
    const dom = render(['active_break', 'audio_ascenso_archive', 'assessment_completed']);
    for (const title of ['Pausa activa: Cuello', 'Audio del día: Soltar la jornada']) {
      const li = item(dom, title);
      expect(li.hasAttribute('data-done'), title).toBe(true);
      // On screen: a check icon and the word, not colour alone (hidden from screen readers, who hear the link).
      const mark = li.querySelector('[aria-hidden="true"]:has(svg)');
      expect(mark?.textContent).toBe('Hecho');
      expect(mark?.querySelector('svg')).not.toBeNull();
      const link = li.querySelector('a');
      expect(spokenText(link!)).toBe(`${title} (hecho)`);
      expect(spokenText(li)).not.toContain('Hecho');
    }
  });

  it('leaves the others undone: another area, an item with no activity link', () => {
    const dom = render(['active_break']);
    for (const title of ['Coherente', 'Audio del día', 'Diario guiado', 'Bebe agua']) {
      const li = item(dom, title);
      expect(li.hasAttribute('data-done'), title).toBe(false);
      expect(li.textContent).not.toMatch(/hecho/i);
    }
    expect(dom.querySelectorAll('li[data-done]')).toHaveLength(1);
  });

  it('nothing done: no mark at all (also when the plan carries no progress)', () => {
    for (const completed of [[], undefined]) {
      const dom = render(completed);
      expect(dom.querySelectorAll('li[data-done]')).toHaveLength(0);
      expect(dom.body.textContent).not.toMatch(/hecho/i);
    }
  });

  it('an item with no activity is never done, whatever the ledger holds', () => {
    const dom = render([
      'active_break',
      'breathing_short',
      'audio_ascenso_daily',
      'journaling',
      'consulta_rapida',
      'fitness_class_long',
      'assessment_completed',
    ]);
    expect(item(dom, 'Bebe agua').hasAttribute('data-done')).toBe(false);
    expect(dom.querySelectorAll('li[data-done]')).toHaveLength(4);
  });
});
