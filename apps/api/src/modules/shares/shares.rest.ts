import { SHARE_MAX_BODY_BYTES, ShareCreateInputSchema } from '@ascenso/domain/shares';
import { DomainError } from '@ascenso/domain/errors';
import { Hono } from 'hono';
import type { Deps } from '../../deps';
import { readJsonBody } from '../../http/errors';
import { json, type RestOperation } from '../../http/openapi';
import { withCaller, withInput } from '../../http/rest';
import type { AppEnv } from '../../http/types';
import { z } from 'zod';
import { ShareCreatedSchema, ShareIdSchema, ShareSummarySchema } from './shares.router';

/** POST /api/shares, GET /api/shares, DELETE /api/shares/{id} (decision 029): thin shims over `shares.*`. */
export function sharesRest(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.post('/shares', async (c) => {
    const length = Number(c.req.header('content-length') ?? '0');
    if (length > SHARE_MAX_BODY_BYTES) throw tooLarge();
    // Hono keeps the text: readJsonBody reads the same one.
    if (Buffer.byteLength(await c.req.text()) > SHARE_MAX_BODY_BYTES) throw tooLarge();
    const body = await readJsonBody(c);
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      throw new DomainError('VALIDATION', 'Envía un objeto JSON con include y days', { fieldErrors: { _: ['Envía un objeto JSON con include y days'] } });
    }
    return withInput(deps, c, { schema: ShareCreateInputSchema, caller: 'member' }, body, async (caller, input) =>
      c.json(await caller.shares.create(input), 201),
    );
  });
  app.get('/shares', (c) => withCaller(deps, c, async (caller) => c.json(await caller.shares.list(), 200, { 'Cache-Control': 'private, no-store' })));
  app.delete('/shares/:id', (c) =>
    withCaller(deps, c, async (caller) => {
      await caller.shares.revoke({ id: c.req.param('id') });
      return c.body(null, 204);
    }),
  );
  return app;
}

function tooLarge() {
  return new DomainError('VALIDATION', `La petición es demasiado grande (máximo ${SHARE_MAX_BODY_BYTES / 1024} KB)`, {
    fieldErrors: { _: [`Máximo ${SHARE_MAX_BODY_BYTES / 1024} KB`] },
  });
}

/** The paths above as documented in GET /api/openapi.json, with the schemas the procedures validate with (decision 040). */
export const sharesRestOperations: RestOperation[] = [
  {
    method: 'post',
    path: '/api/shares',
    summary: 'Comparte una parte de tus datos, de solo lectura, durante 1 a 30 días.',
    description: 'Necesita tu dirección confirmada. La URL solo se muestra ahora; responde 410 cuando se revoca o caduca.',
    access: 'member',
    body: { required: true, content: json(ShareCreateInputSchema) },
    responses: { 201: { description: 'El enlace creado.', content: json(ShareCreatedSchema) } },
    errors: [400, 403, 409, 429],
  },
  {
    method: 'get',
    path: '/api/shares',
    summary: 'Lo que has compartido, con cada visita.',
    access: 'member',
    responses: { 200: { description: 'Tus enlaces.', content: json(z.array(ShareSummarySchema)) } },
  },
  {
    method: 'delete',
    path: '/api/shares/{id}',
    summary: 'Revoca un enlace: desde ahora responde 410.',
    access: 'member',
    params: ShareIdSchema,
    responses: { 204: { description: 'Revocado.' } },
    errors: [400, 404],
  },
];
