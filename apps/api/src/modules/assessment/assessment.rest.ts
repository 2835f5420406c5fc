import { CompleteAssessmentInputSchema, ProgressInputSchema } from '@ascenso/domain/assessment';
import { CoachingProfileSchema } from '@ascenso/domain/assessment-profile';
import { Hono } from 'hono';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { json, type RestOperation } from '../../http/openapi';
import { jsonBodyRoute, withCaller } from '../../http/rest';
import type { AppEnv } from '../../http/types';
import { EvaluationSchema, SavedProgressSchema } from './assessment.router';
import { AssessmentStatusSchema, CompletedAssessmentSchema, HistoryEntrySchema, ProgressSchema, StoredAssessmentSchema } from './assessment.schema';

/** The documented assessment paths, as shims over the assessment procedures. */
export function assessmentRest(deps: Deps) {
  const app = new Hono<AppEnv>();

  app.get('/assessment/status', (c) => withCaller(deps, c, async (caller) => c.json(await caller.assessment.status(), 200)));
  app.get('/assessment/progress', (c) => withCaller(deps, c, async (caller) => c.json(await caller.assessment.progress(), 200)));
  app.post(
    '/assessment/progress',
    jsonBodyRoute(deps, { schema: ProgressInputSchema, caller: 'member' }, 200, (caller, input) => caller.assessment.saveProgress(input)),
  );
  app.post(
    '/assessment/complete',
    jsonBodyRoute(deps, { schema: CompleteAssessmentInputSchema, caller: 'member' }, 201, (caller, input) => caller.assessment.complete(input)),
  );
  app.get('/assessment', (c) => withCaller(deps, c, async (caller) => c.json(await caller.assessment.latest(), 200)));
  app.get('/assessment/history', (c) => withCaller(deps, c, async (caller) => c.json(await caller.assessment.history(), 200)));
  app.get('/assessment/profile', (c) => withCaller(deps, c, async (caller) => c.json(await caller.assessment.profile(), 200)));
  app.get('/assessment/evaluation', (c) => withCaller(deps, c, async (caller) => c.json(await caller.assessment.evaluation(), 200)));

  return app;
}

/** The paths above as documented in GET /api/openapi.json, with the schemas the procedures validate with (decision 040). */
export const assessmentRestOperations: RestOperation[] = [
  {
    method: 'get',
    path: '/api/assessment/status',
    summary: 'Si has completado la evaluación inicial, o por qué sección vas.',
    access: 'member',
    responses: { 200: { description: 'El estado de tu evaluación.', content: json(AssessmentStatusSchema) } },
  },
  {
    method: 'get',
    path: '/api/assessment/progress',
    summary: 'Lo que llevas guardado de la evaluación en curso.',
    access: 'member',
    responses: { 200: { description: 'Tu progreso.', content: json(ProgressSchema) } },
    errors: [404],
  },
  {
    method: 'post',
    path: '/api/assessment/progress',
    summary: 'Guarda el progreso de la evaluación en curso.',
    access: 'member',
    body: { required: true, content: json(ProgressInputSchema) },
    responses: { 200: { description: 'Guardado.', content: json(SavedProgressSchema) } },
    errors: [400, 429],
  },
  {
    method: 'post',
    path: '/api/assessment/complete',
    summary: 'Completa la evaluación con todas sus respuestas.',
    description: 'Las respuestas no válidas responden 400 con los campos que fallan. Suma los pasos de `assessment_completed` una vez.',
    access: 'member',
    body: { required: true, content: json(CompleteAssessmentInputSchema) },
    responses: { 201: { description: 'La evaluación guardada y los pasos que ha sumado.', content: json(CompletedAssessmentSchema) } },
    errors: [400, 429],
  },
  {
    method: 'get',
    path: '/api/assessment',
    summary: 'Tu última evaluación completada.',
    access: 'member',
    responses: { 200: { description: 'La evaluación.', content: json(StoredAssessmentSchema) } },
    errors: [404],
  },
  {
    method: 'get',
    path: '/api/assessment/history',
    summary: 'Tus evaluaciones completadas, de la más reciente a la más antigua.',
    access: 'member',
    responses: { 200: { description: 'El historial.', content: json(z.array(HistoryEntrySchema)) } },
  },
  {
    method: 'get',
    path: '/api/assessment/profile',
    summary: 'El perfil para el coach que sale de tu evaluación.',
    access: 'member',
    responses: { 200: { description: 'Tu perfil.', content: json(CoachingProfileSchema) } },
    errors: [404],
  },
  {
    method: 'get',
    path: '/api/assessment/evaluation',
    summary: 'La lectura de tu evaluación: áreas, fortalezas y primeros pasos.',
    access: 'member',
    responses: { 200: { description: 'Tu lectura.', content: json(EvaluationSchema) } },
    errors: [404],
  },
];
