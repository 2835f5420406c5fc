import { createReadStream, statSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { findMeditation } from '@ascenso/domain/meditations';
import { Hono } from 'hono';
import type { Deps } from '../../deps';
import { envelope, readJsonBody } from '../../http/errors';
import { json, type RestOperation } from '../../http/openapi';
import { jsonBodyRoute, withCaller, withInput } from '../../http/rest';
import type { AppEnv } from '../../http/types';
import { requestContext } from '../../http/request-meta';
import { z } from 'zod';
import {
  AudioCompletedSchema,
  AudioCompleteInputSchema,
  IdSchema,
  MarkCompletedInputSchema,
  MarkedCompletedSchema,
  MeditationListSchema,
  MeditationSchema,
  MeditationSummarySchema,
} from './meditations.router';
import { recordListenStart } from './meditations.service';
import { recordServed, servedWritesSettled } from './served-writes';

/** `bytes=a-b`, `bytes=a-`, `bytes=-n` → [start, end] within size, or 'invalid'. */
export function parseRange(header: string, size: number): [number, number] | 'invalid' {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return 'invalid';
  let start: number;
  let end: number;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'invalid';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  if (start >= size || end < start) return 'invalid';
  return [start, end];
}

/**
 * Passes `source` through, reading it only as the client reads (no read-ahead), and reports once how
 * many bytes were handed to the client: when the range ends or the client goes away. A range read to its
 * end (`length` bytes) is reported before its last chunk is handed over, so the report (and the write it
 * queues, served-writes.ts) exists before the client can hold the last byte and send its next request;
 * reported at end of file instead, a quick client's completion could be judged before the write began.
 */
export function countServedBytes(source: ReadableStream<Uint8Array>, length: number, report: (bytes: number) => void): ReadableStream<Uint8Array> {
  const reader = source.getReader();
  let bytes = 0;
  let reported = false;
  const done = () => {
    if (reported) return;
    reported = true;
    report(bytes);
  };
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const chunk = await reader.read();
          if (chunk.done) {
            done();
            controller.close();
            return;
          }
          bytes += chunk.value.byteLength;
          if (bytes >= length) done();
          controller.enqueue(chunk.value);
        } catch (error) {
          done();
          controller.error(error);
        }
      },
      async cancel(reason) {
        done();
        await reader.cancel(reason);
      },
    },
    { highWaterMark: 0 },
  );
}

/** The documented Audio Ascenso paths. */
export function meditationsRest(deps: Deps) {
  const app = new Hono<AppEnv>();

  app.get('/meditations/today', (c) => withCaller(deps, c, async (caller) => c.json(await caller.meditations.today(), 200)));
  app.get('/meditations', (c) => withCaller(deps, c, async (caller) => c.json(await caller.meditations.list(), 200)));
  app.get('/meditations/:id', (c) => withCaller(deps, c, async (caller) => c.json(await caller.meditations.get({ id: c.req.param('id') }), 200)));

  app.patch('/meditations/:id/completed', async (c) => {
    const body = await readJsonBody(c);
    const completed = typeof body === 'object' && body !== null ? (body as { completed?: unknown }).completed : undefined;
    return withInput(deps, c, { schema: MarkCompletedInputSchema, caller: 'member' }, { id: c.req.param('id'), completed }, async (caller, input) =>
      c.json(await caller.meditations.markCompleted(input), 200),
    );
  });

  app.post(
    '/activity-log/audio-complete',
    jsonBodyRoute(deps, { schema: AudioCompleteInputSchema, caller: 'member' }, 200, (caller, input) => caller.meditations.audioComplete(input)),
  );

  /** Real audio with byte ranges (206), for signed-in users; the first fetch starts the day's listen. */
  app.get('/meditations/:id/audio', async (c) => {
    const ctx = await requestContext(deps, c, new Headers());
    if (!ctx.auth) return envelope(c, 401, 'UNAUTHORIZED', 'Necesitas iniciar sesión');
    const meditation = findMeditation(c.req.param('id'));
    if (!meditation) return envelope(c, 404, 'NOT_FOUND', 'Audio no encontrado');
    const file = join(deps.paths.audioDir, `${meditation.id}.opus`);
    let size: number;
    try {
      size = statSync(file).size;
    } catch {
      deps.logger.error('audio file missing', { file });
      return envelope(c, 404, 'NOT_FOUND', 'Audio no disponible');
    }
    const headers: Record<string, string> = {
      'Content-Type': 'audio/ogg; codecs=opus',
      'Accept-Ranges': 'bytes',
      'Cache-Control': 'private, max-age=86400',
    };
    const range = c.req.header('range');
    let start = 0;
    let end = size - 1;
    let status: 200 | 206 = 200;
    if (range) {
      const parsed = parseRange(range, size);
      if (parsed === 'invalid') {
        return c.body(null, 416, { ...headers, 'Content-Range': `bytes */${size}` });
      }
      [start, end] = parsed;
      status = 206;
      headers['Content-Range'] = `bytes ${start}-${end}/${size}`;
    }
    headers['Content-Length'] = String(end - start + 1);
    if (c.req.method === 'HEAD') return c.body(null, status, headers);
    // A fetch from the start begins (or continues) the listen; later ranges of the running listen extend it.
    const user = ctx.auth.user;
    await servedWritesSettled(user.id);
    const listen = start === 0 ? await recordListenStart(deps, user, meditation.id, size) : await deps.repos.listens.runningListen(user.id);
    const tracked = listen && !listen.completedAt && !listen.abandonedAt && listen.meditationId === meditation.id ? listen.id : null;
    const source = Readable.toWeb(createReadStream(file, { start, end })) as ReadableStream<Uint8Array>;
    if (!tracked) return c.body(source, status, headers);
    return c.body(
      countServedBytes(source, end - start + 1, (bytes) => recordServed(deps, user.id, tracked, start, bytes)),
      status,
      headers,
    );
  });

  return app;
}

/** The paths above as documented in GET /api/openapi.json, with the schemas the procedures validate with (decision 040). */
export const meditationsRestOperations: RestOperation[] = [
  {
    method: 'get',
    path: '/api/meditations/today',
    summary: 'El audio de hoy.',
    access: 'member',
    responses: { 200: { description: 'El audio de hoy.', content: json(MeditationSummarySchema) } },
  },
  {
    method: 'get',
    path: '/api/meditations',
    summary: 'El archivo de audios.',
    access: 'member',
    responses: { 200: { description: 'Los audios.', content: json(MeditationListSchema) } },
  },
  {
    method: 'get',
    path: '/api/meditations/{id}',
    summary: 'Un audio, con su transcripción.',
    access: 'member',
    params: IdSchema,
    responses: { 200: { description: 'El audio.', content: json(MeditationSchema) } },
    errors: [400, 404],
  },
  {
    method: 'patch',
    path: '/api/meditations/{id}/completed',
    summary: 'Marca un audio como escuchado hoy.',
    access: 'member',
    params: IdSchema,
    body: { required: true, content: json(MarkCompletedInputSchema.pick({ completed: true })) },
    responses: { 200: { description: 'Marcado.', content: json(MarkedCompletedSchema) } },
    errors: [400, 404],
  },
  {
    method: 'post',
    path: '/api/activity-log/audio-complete',
    summary: 'Registra un audio escuchado y los pasos que gana.',
    description: 'Solo suma si el servidor sirvió el audio durante el tiempo que dura (la escucha tiene que haber durado).',
    access: 'member',
    body: { required: true, content: json(AudioCompleteInputSchema) },
    responses: { 200: { description: 'Lo registrado y los pasos (`reason` dice por qué no suma, si no suma).', content: json(AudioCompletedSchema) } },
    errors: [400, 409, 429],
  },
  {
    method: 'get',
    path: '/api/meditations/{id}/audio',
    summary: 'El audio en sí (Ogg Opus), entero o por tramos (`Range`).',
    description: 'La primera petición del día empieza la escucha.',
    access: 'member',
    params: IdSchema,
    headers: z.object({ Range: z.string().optional() }),
    responses: {
      200: { description: 'El audio entero.', content: { 'audio/ogg': { type: 'string', contentMediaType: 'audio/ogg' } }, headers: ['Accept-Ranges'] },
      206: {
        description: 'El tramo pedido.',
        content: { 'audio/ogg': { type: 'string', contentMediaType: 'audio/ogg' } },
        headers: ['Accept-Ranges', 'Content-Range'],
      },
      416: { description: 'El tramo pedido no está dentro del audio.', headers: ['Content-Range'] },
    },
    errors: [404],
  },
];
