import { createHash } from 'node:crypto';
import { formatDateTime } from '@ascenso/domain/date-format';
import { SHARE_INCLUDE_LABELS, SHARE_PAGE_PREFIX } from '@ascenso/domain/shares';
import { Hono, type Context } from 'hono';
import { html, raw } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';
import type { Deps } from '../../deps';
import type { AppEnv } from '../../http/types';
import { viewShare, type SharePage } from './shares.service';

/*
 * The public page of a share (decision 029): `GET /compartido/{token}`, no account, server-rendered
 * read-only Spanish HTML. Every interpolated value goes through Hono's `html` tag (escaped); no script,
 * no external request: one inline <style> allowed by its hash in a CSP of its own.
 */

const STYLE = `
:root{color-scheme:light;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;line-height:1.5;color:#1f2933;background:#f7f7f4}
body{margin:0}
header,main,footer{max-width:46rem;margin:0 auto;padding:1rem 1.25rem}
header{padding-top:2rem}
.brand{font-weight:700;color:#2f5d50;margin:0 0 .25rem}
h1{font-size:1.6rem;margin:.25rem 0 .5rem}
h2{font-size:1.25rem;margin:2rem 0 .5rem;color:#24463d}
h3{font-size:1.05rem;margin:1.25rem 0 .25rem}
section{background:#fff;border:1px solid #d9ddd6;border-radius:.75rem;padding:.25rem 1.25rem 1rem;margin:1rem 0}
table{border-collapse:collapse;width:100%;margin:.5rem 0}
th,td{text-align:left;padding:.35rem .5rem;border-bottom:1px solid #e4e7e1;vertical-align:top}
td.n,th.n{text-align:right}
caption{text-align:left;font-weight:600;padding:.25rem 0}
.meta{color:#4a5560;font-size:.95rem}
.body{white-space:pre-wrap;overflow-wrap:anywhere}
footer{color:#4a5560;font-size:.95rem;padding-bottom:2rem}
`;

const STYLE_HASH = createHash('sha256').update(STYLE).digest('base64');
/** Our own constant CSS, not escaped (its quotes must stay quotes); its hash is in the CSP. */
const STYLE_ELEMENT = raw(`<style>${STYLE}</style>`);

/** Nothing but the hashed style: no script, no fetch, no image, no form, no frame, no base. */
export const SHARE_PAGE_CSP = [
  "default-src 'none'",
  `style-src 'sha256-${STYLE_HASH}'`,
  "img-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const PAGE_HEADERS: Record<string, string> = {
  'Content-Type': 'text/html; charset=utf-8',
  'Content-Security-Policy': SHARE_PAGE_CSP,
  'Cache-Control': 'no-store',
  'X-Robots-Tag': 'noindex, nofollow',
  'Referrer-Policy': 'no-referrer',
  'X-Content-Type-Options': 'nosniff',
};

const STATUS_LABEL: Record<'open' | 'done' | 'dropped', string> = { open: 'abierto', done: 'cumplido', dropped: 'descartado' };

const dateTime = (at: Date, timezone: string): string => formatDateTime(at, timezone, 'long');
function dateOnly(at: Date, timezone: string): string {
  return new Intl.DateTimeFormat('es-ES', { dateStyle: 'long', timeZone: timezone }).format(at);
}
/** `2026-11-23` → "23 de noviembre" (a calendar day: no time zone to apply). */
function dayLabel(day: string): string {
  return new Intl.DateTimeFormat('es-ES', { day: 'numeric', month: 'long', timeZone: 'UTC' }).format(new Date(`${day}T12:00:00Z`));
}
const number = (n: number) => new Intl.NumberFormat('es-ES').format(n);
const times = (n: number) => (n === 1 ? '1 vez' : `${number(n)} veces`);

function document(title: string, body: HtmlEscapedString | Promise<HtmlEscapedString>) {
  return html`<!doctype html>
    <html lang="es">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex, nofollow" />
        <meta name="referrer" content="no-referrer" />
        <title>${title}</title>
        ${STYLE_ELEMENT}
      </head>
      <body>
        ${body}
      </body>
    </html>`;
}

function sessionsSection(page: SharePage) {
  const s = page.sessions;
  if (!s) return '';
  const tz = page.owner.timezone;
  return html`<section aria-labelledby="sesiones">
    <h2 id="sesiones">Sesiones y compromisos</h2>
    ${s.sessions.length === 0 ? html`<p>Todavía no hay resúmenes de sesiones.</p>` : ''}
    ${s.sessions.map(
      (session) =>
        html`<article>
          <h3>${session.title}</h3>
          <p class="meta">${dateOnly(session.at, tz)}</p>
          ${session.summary ? html`<p class="body">${session.summary}</p>` : ''}
          ${
            session.commitments.length > 0
              ? html`<p>Compromisos:</p>
                  <ul>
                    ${session.commitments.map((k) => html`<li>${k.text} (${STATUS_LABEL[k.status]})</li>`)}
                  </ul>`
              : ''
          }
        </article>`,
    )}
    ${
      s.otherOpen.length > 0
        ? html`<h3>Otros compromisos abiertos</h3>
            <ul>
              ${s.otherOpen.map((k) => html`<li>${k.text} <span class="meta">(desde el ${dateOnly(k.createdAt, tz)})</span></li>`)}
            </ul>`
        : ''
    }
  </section>`;
}

function moodsSection(page: SharePage) {
  const m = page.moods;
  if (!m) return '';
  return html`<section aria-labelledby="animo">
    <h2 id="animo">Estado de ánimo</h2>
    <p class="meta">Las palabras de ánimo de su diario, por semanas (sin el texto de las entradas).</p>
    ${
      m.overall.length === 0
        ? html`<p>No hay palabras de ánimo en estas semanas.</p>`
        : html`<p>En total: ${m.overall.map((x, i) => html`${i > 0 ? ', ' : ''}${x.mood} (${times(x.count)})`)}.</p>`
    }
    <table>
      <caption>
        Palabras de ánimo por semana
      </caption>
      <thead>
        <tr>
          <th scope="col">Semana del</th>
          <th scope="col">Palabras</th>
        </tr>
      </thead>
      <tbody>
        ${m.weeks.map(
          (w) =>
            html`<tr>
              <th scope="row">${dayLabel(w.monday)}</th>
              <td>${w.moods.length === 0 ? '—' : w.moods.map((x, i) => html`${i > 0 ? ', ' : ''}${x.mood} (${times(x.count)})`)}</td>
            </tr>`,
        )}
      </tbody>
    </table>
  </section>`;
}

function stepsSection(page: SharePage) {
  const s = page.steps;
  if (!s) return '';
  return html`<section aria-labelledby="pasos">
    <h2 id="pasos">Pasos</h2>
    <p>Total acumulado: <strong>${number(s.total)} pasos</strong>.</p>
    ${stepsTable(
      'Pasos por semana',
      ['Semana del', 'Actividades'],
      s.weeks.map((w) => ({ ...w, label: dayLabel(w.monday) })),
    )}
    ${stepsTable('Por área (estas semanas)', ['Área', 'Actividades'], s.areas)}
    ${
      s.activities.length > 0
        ? stepsTable(
            'Por actividad (estas semanas)',
            ['Actividad', 'Veces'],
            s.activities.map((a) => ({ ...a, label: a.name })),
          )
        : ''
    }
  </section>`;
}

/** One of the steps tables: a row per label (a week, an area, an activity) with its completions and steps. */
function stepsTable(caption: string, [labelHeader, countHeader]: [string, string], rows: Array<{ label: string; completions: number; steps: number }>) {
  return html`<table>
    <caption>
      ${caption}
    </caption>
    <thead>
      <tr>
        <th scope="col">${labelHeader}</th>
        <th scope="col" class="n">${countHeader}</th>
        <th scope="col" class="n">Pasos</th>
      </tr>
    </thead>
    <tbody>
      ${rows.map(
        (row) =>
          html`<tr>
            <th scope="row">${row.label}</th>
            <td class="n">${number(row.completions)}</td>
            <td class="n">${number(row.steps)}</td>
          </tr>`,
      )}
    </tbody>
  </table>`;
}

function assessmentSection(page: SharePage) {
  const a = page.assessment;
  if (!a) return '';
  return html`<section aria-labelledby="evaluacion">
    <h2 id="evaluacion">Evaluación inicial</h2>
    ${
      a.completedAt === null
        ? html`<p>Todavía no ha completado la evaluación inicial.</p>`
        : html`<p class="meta">Completada el ${dateOnly(a.completedAt, page.owner.timezone)}.</p>
            <dl>
              ${a.items.map(
                (i) =>
                  html`<dt><strong>${i.label}</strong></dt>
                    <dd>${i.value}</dd>`,
              )}
            </dl>`
    }
  </section>`;
}

function journalSection(page: SharePage) {
  if (page.journal.length === 0) return '';
  return html`<section aria-labelledby="diario">
    <h2 id="diario">Entradas del diario elegidas</h2>
    ${page.journal.map(
      (e) =>
        html`<article>
          <h3>${e.title}</h3>
          <p class="meta">${dateTime(e.createdAt, page.owner.timezone)}${e.mood ? html` · ánimo: ${e.mood}` : ''}</p>
          <p class="body">${e.body}</p>
        </article>`,
    )}
  </section>`;
}

export function renderSharePage(page: SharePage) {
  const name = page.owner.firstName;
  const parts = page.include.map((key) => SHARE_INCLUDE_LABELS[key].replace(/ \(.*\)$/, '').toLocaleLowerCase('es'));
  if (page.journal.length > 0) parts.push(page.journal.length === 1 ? 'una entrada del diario' : `${page.journal.length} entradas del diario`);
  return document(
    `Progreso compartido de ${name} · Ascenso`,
    html`<header>
        <p class="brand">Ascenso</p>
        <h1>Progreso compartido de ${name}</h1>
        <p class="meta">Página de solo lectura. ${name} ha elegido compartir: ${parts.join('; ')}.</p>
      </header>
      <main>${sessionsSection(page)}${moodsSection(page)}${stepsSection(page)}${assessmentSection(page)}${journalSection(page)}</main>
      <footer>
        <p>Compartido por ${name} hasta el ${dateTime(page.expiresAt, page.owner.timezone)}.</p>
      </footer>`,
  );
}

function messagePage(title: string, text: string) {
  return document(
    `${title} · Ascenso`,
    html`<header><p class="brand">Ascenso</p></header>
      <main>
        <h1>${title}</h1>
        <p>${text}</p>
      </main>`,
  );
}

export const GONE_TITLE = 'Este enlace ya no está disponible';

/** The share page route and its refusals (404 / 410 / 429 / 405), all Spanish HTML with the page's headers. */
export function sharePageRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.on(['GET', 'HEAD'], `${SHARE_PAGE_PREFIX}:token`, async (c) => {
    // HEAD shows nothing: it is answered like GET but not counted as a view.
    const result = await viewShare(deps, c.req.param('token'), { count: c.req.method === 'GET' });
    switch (result.kind) {
      case 'page':
        return c.html(await renderSharePage(result.page), 200, PAGE_HEADERS);
      case 'gone':
        return c.html(
          await messagePage(GONE_TITLE, 'Quien lo compartió lo ha revocado o ha caducado. Si lo necesitas, pídele un enlace nuevo.'),
          410,
          PAGE_HEADERS,
        );
      case 'rate-limited':
        return c.html(
          await messagePage(
            'Demasiadas visitas seguidas',
            `Este enlace se ha abierto muchas veces en poco tiempo. Vuelve a intentarlo en ${result.retryAfterSeconds} segundos.`,
          ),
          429,
          { ...PAGE_HEADERS, 'Retry-After': String(result.retryAfterSeconds) },
        );
      case 'not-found':
        return notFound(c);
    }
  });
  app.on(['GET', 'HEAD'], `${SHARE_PAGE_PREFIX}*`, (c) => notFound(c));
  app.all(`${SHARE_PAGE_PREFIX}*`, async (c) =>
    c.html(await messagePage('Método no permitido', 'Esta página solo se puede consultar.'), 405, { ...PAGE_HEADERS, Allow: 'GET, HEAD' }),
  );
  return app;
}

async function notFound(c: Context<AppEnv>) {
  return c.html(await messagePage('Enlace no encontrado', 'Este enlace no existe o está mal copiado. Comprueba que lo has copiado entero.'), 404, PAGE_HEADERS);
}
