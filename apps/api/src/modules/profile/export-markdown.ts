/**
 * GET /api/profile/export?format=markdown: the readable export, rendered from the same document
 * exportData builds (one consistent read). Pure: no clock, no database.
 *
 * Everything the user (or an admin) wrote is untrusted Markdown-wise: `escapeMarkdownText` and
 * `escapeMarkdownInline` make it literal text, so an entry cannot add headings, links, images, HTML,
 * code, tables or list items that change the document's structure.
 */
import { formatDateTime } from '@ascenso/domain/date-format';

export type MarkdownExportSource = {
  exportedAt: Date;
  account: { firstName: string; lastName?: string | null; timezone: string };
  steps: {
    totalSteps: number;
    ledger: ReadonlyArray<{ activityKey: string; stepsEarned: number; completedAt: Date }>;
    adjustments: ReadonlyArray<{ steps: number }>;
  };
  journal: ReadonlyArray<{ id: string; title: string; body: string; mood: string | null; createdAt: Date }>;
  coaching: {
    conversations: ReadonlyArray<{ id: string; kind: string; title: string; status: string; summary: string | null; createdAt: Date }>;
    commitments: ReadonlyArray<{ conversationId: string | null; text: string; status: string; createdAt: Date }>;
  };
  coachMemory: { notes: ReadonlyArray<{ text: string; createdAt: Date }> };
};

/** Characters with a Markdown (CommonMark + GFM) or HTML meaning anywhere in a line. */
const INLINE_SPECIAL = /[\\`*_[\]<>#|~]/g;
/** An entity or numeric character reference (`&lt;`, `&#60;`, `&#x3c;`), which would render as another character. */
const ENTITY = /&(?=#?[0-9a-zA-Z]+;)/g;
/** Control characters other than tab and line feed. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f]/g;

/** One line of untrusted text as literal inline Markdown (no line breaks: for headings, list items and table cells). */
export function escapeMarkdownInline(text: string): string {
  const flat = text
    .replace(/\r\n?|\n/g, ' ')
    .replace(CONTROL, '')
    .replace(/\s+/g, ' ')
    .trim();
  return escapeLineStart(flat.replace(INLINE_SPECIAL, '\\$&').replace(ENTITY, '\\&'));
}

/**
 * Untrusted multi-line text as literal Markdown paragraphs: line breaks are kept, runs of blank lines
 * become one paragraph break, leading indentation is dropped (it would start a code block) and a
 * line's first character is escaped when it would start a block (`-`, `+`, `=`, `1.`, `1)`).
 */
export function escapeMarkdownText(text: string): string {
  const lines = text
    .replace(/\r\n?/g, '\n')
    .replace(CONTROL, '')
    .split('\n')
    .map((line) => escapeLineStart(line.trim().replace(INLINE_SPECIAL, '\\$&').replace(ENTITY, '\\&')));
  const out: string[] = [];
  for (const line of lines) {
    if (line === '' && (out.length === 0 || out.at(-1) === '')) continue;
    out.push(line);
  }
  while (out.at(-1) === '') out.pop();
  // A backslash at the end of a line is a hard break; keep each line on its own line in the rendering too.
  return out.map((line, i) => (line !== '' && out[i + 1] !== undefined && out[i + 1] !== '' ? `${line}\\` : line)).join('\n');
}

function escapeLineStart(line: string): string {
  if (/^[-+=]/.test(line)) return `\\${line}`;
  return line.replace(/^(\d{1,9})([.)])/, '$1\\$2');
}

const STATUS_LABEL: Record<string, string> = { open: 'abierto', done: 'cumplido', dropped: 'descartado' };
const CONVERSATION_STATUS: Record<string, string> = { active: 'en curso', completed: 'completada', flagged: 'en pausa' };

const NUMBER = new Intl.NumberFormat('es-ES');

function formatNumber(n: number): string {
  return NUMBER.format(n);
}

function plural(n: number, one: string, many: string): string {
  return `${formatNumber(n)} ${n === 1 ? one : many}`;
}

/** The export as one Markdown document with Spanish headings; `activityNames` maps activity keys to catalogue names. */
export function renderExportMarkdown(data: MarkdownExportSource, activityNames: ReadonlyMap<string, string> = new Map()): string {
  const tz = data.account.timezone;
  const when = (at: Date) => formatDateTime(at, tz, 'full');
  const byTime = <T extends { createdAt: Date }>(rows: ReadonlyArray<T>) => [...rows].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  const name = [data.account.firstName, data.account.lastName].filter(Boolean).join(' ');
  const out: string[] = [];
  const push = (...lines: string[]) => out.push(...lines, '');

  push('# Tus datos de Ascenso');
  push(`Exportado el ${when(data.exportedAt)} (zona horaria: ${escapeMarkdownInline(tz)}).`, `Cuenta de ${escapeMarkdownInline(name)}.`);

  // Journal: one section per entry, oldest first.
  const journal = byTime(data.journal);
  push('## Tu diario');
  if (journal.length === 0) push('Todavía no has escrito en tu diario.');
  for (const entry of journal) {
    push(`### ${when(entry.createdAt)}: ${escapeMarkdownInline(entry.title) || 'Sin título'}`);
    push(`**Estado de ánimo:** ${entry.mood ? escapeMarkdownInline(entry.mood) : 'sin indicar'}`);
    push(escapeMarkdownText(entry.body) || '*(Entrada vacía)*');
  }

  // Sessions (and any conversation with a summary), each with the commitments it closed with.
  const commitmentsByConversation = new Map<string, MarkdownExportSource['coaching']['commitments'][number][]>();
  for (const c of byTime(data.coaching.commitments)) {
    if (c.conversationId === null) continue;
    commitmentsByConversation.set(c.conversationId, [...(commitmentsByConversation.get(c.conversationId) ?? []), c]);
  }
  const sessions = byTime(data.coaching.conversations).filter((c) => c.kind === 'session' || c.summary || commitmentsByConversation.has(c.id));
  const listed = new Set(sessions.map((s) => s.id));
  const commitmentLine = (c: { text: string; status: string }) =>
    `- ${escapeMarkdownInline(c.text)} (${STATUS_LABEL[c.status] ?? escapeMarkdownInline(c.status)})`;
  push('## Tus sesiones');
  if (sessions.length === 0) push('Todavía no tienes sesiones con resumen.');
  for (const session of sessions) {
    push(`### ${when(session.createdAt)}: ${escapeMarkdownInline(session.title) || 'Sesión'}`);
    push(`**Estado:** ${CONVERSATION_STATUS[session.status] ?? escapeMarkdownInline(session.status)}`);
    push('#### Resumen');
    push(session.summary ? escapeMarkdownText(session.summary) : 'Sin resumen.');
    const own = commitmentsByConversation.get(session.id) ?? [];
    push('#### Compromisos');
    push(...(own.length === 0 ? ['Sin compromisos.'] : own.map(commitmentLine)));
  }
  const loose = byTime(data.coaching.commitments).filter((c) => c.conversationId === null || !listed.has(c.conversationId));
  if (loose.length > 0) {
    push('### Otros compromisos');
    push(...loose.map(commitmentLine));
  }

  // Notes for the coach.
  const notes = byTime(data.coachMemory.notes);
  push('## Lo que tu coach sabe de ti');
  if (notes.length === 0) push('No has añadido notas para tu coach.');
  else push(...notes.map((n) => `- ${escapeMarkdownInline(n.text)}`));

  // Ledger summary: totals and per activity.
  const perActivity = new Map<string, { count: number; steps: number }>();
  for (const row of data.steps.ledger) {
    const current = perActivity.get(row.activityKey) ?? { count: 0, steps: 0 };
    perActivity.set(row.activityKey, { count: current.count + 1, steps: current.steps + row.stepsEarned });
  }
  push('## Tus pasos');
  push(`**Total de pasos:** ${formatNumber(data.steps.totalSteps)}`);
  if (perActivity.size === 0) push('Todavía no has registrado actividades.');
  else {
    const rows = [...perActivity.entries()]
      .map(([key, v]) => ({ label: activityNames.get(key) ?? key, ...v }))
      .sort((a, b) => b.steps - a.steps || a.label.localeCompare(b.label, 'es'));
    push(
      '| Actividad | Veces | Pasos |',
      '| --- | ---: | ---: |',
      ...rows.map((r) => `| ${escapeMarkdownInline(r.label)} | ${formatNumber(r.count)} | ${formatNumber(r.steps)} |`),
    );
  }
  if (data.steps.adjustments.length > 0) {
    const sum = data.steps.adjustments.reduce((acc, a) => acc + a.steps, 0);
    push(`Ajustes manuales: ${plural(data.steps.adjustments.length, 'ajuste', 'ajustes')}, ${formatNumber(sum)} pasos en total.`);
  }
  return `${out.join('\n').trimEnd()}\n`;
}
