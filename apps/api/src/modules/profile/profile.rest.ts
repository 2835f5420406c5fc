import { localDay } from '@ascenso/domain/calendar';
import { DomainError } from '@ascenso/domain/errors';
import { Hono } from 'hono';
import type { Deps } from '../../deps';
import { readJsonBody } from '../../http/errors';
import { json, type RestOperation } from '../../http/openapi';
import { withCaller, withInput } from '../../http/rest';
import type { AppEnv } from '../../http/types';
import { renderExportMarkdown, type MarkdownExportSource } from './export-markdown';
import { z } from 'zod';
import { DeleteAccountInputSchema, ExportDocumentSchema } from './profile.router';
import type { exportData } from './profile.service';

type ExportDocument = Awaited<ReturnType<typeof exportData>>;

const EXPORT_FORMATS = ['json', 'markdown'] as const;

/** GET /api/profile/export (`?format=json`, the default, or `?format=markdown`) and DELETE /api/profile. */
export function profileRest(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.get('/profile/export', (c) => {
    const format = c.req.query('format') ?? 'json';
    if (!(EXPORT_FORMATS as readonly string[]).includes(format)) {
      throw new DomainError('VALIDATION', 'Formato de exportación no válido: elige json o markdown', {
        fieldErrors: { format: ['Elige json o markdown'] },
      });
    }
    return withCaller(deps, c, async (caller) => {
      const data = await caller.profile.export();
      if (format === 'json') return c.json(data, 200, { 'Content-Disposition': 'attachment; filename="ascenso-mis-datos.json"' });
      // The same document exportData built (the output schema passes its values through unchanged); the
      // compiler checks here that it has everything the renderer reads.
      const source: MarkdownExportSource = data as ExportDocument;
      const names = new Map((await deps.repos.steps.listActivities()).map((a) => [a.key, a.name]));
      const day = localDay(source.exportedAt, source.account.timezone);
      return c.body(renderExportMarkdown(source, names), 200, {
        'Content-Type': 'text/markdown; charset=utf-8',
        'Content-Disposition': `attachment; filename="ascenso-${day}.md"`,
        'X-Content-Type-Options': 'nosniff',
      });
    });
  });
  app.delete('/profile', async (c) => {
    const body = await readJsonBody(c);
    return withInput(deps, c, { schema: DeleteAccountInputSchema, caller: 'member' }, body, async (caller, input) => {
      await caller.profile.delete(input);
      return c.body(null, 204);
    });
  });
  return app;
}

/** The paths above as documented in GET /api/openapi.json, with the schemas the procedures validate with (decision 040). */
export const profileRestOperations: RestOperation[] = [
  {
    method: 'get',
    path: '/api/profile/export',
    summary: 'Todos tus datos: un documento JSON, o Markdown legible con `?format=markdown`.',
    description: 'Cuenta, evaluación, pasos, diario, conversaciones con el coach y sus resúmenes, y lo que el coach recuerda.',
    access: 'member',
    query: z.object({ format: z.enum(EXPORT_FORMATS).optional() }),
    responses: {
      200: {
        description: 'Tus datos, como archivo para descargar.',
        content: { 'application/json': ExportDocumentSchema, 'text/markdown': z.string() },
        headers: ['Content-Disposition'],
      },
    },
    errors: [400, 429],
  },
  {
    method: 'delete',
    path: '/api/profile',
    summary: 'Elimina tu cuenta y todos tus datos.',
    description: 'Necesita tu contraseña. Tus sesiones terminan y tus conexiones en tiempo real se cierran.',
    access: 'member',
    body: { required: true, content: json(DeleteAccountInputSchema) },
    responses: { 204: { description: 'Cuenta eliminada.', headers: ['Set-Cookie'] } },
    errors: [400, 429],
  },
];
