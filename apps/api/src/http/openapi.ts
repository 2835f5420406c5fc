import { OpenAPIRegistry, OpenApiGeneratorV31, type RouteConfig, type ZodContentObject, type ZodMediaTypeObject } from '@asteasolutions/zod-to-openapi';
import type { z } from 'zod';
import { ErrorEnvelopeSchema } from './errors';

/**
 * One documented REST operation (decision 040), declared beside its Hono route in the module's `*.rest.ts`
 * with the zod schemas the server validates with: the procedure's input schema for the body, its output
 * schema for the answer. `GET /api/openapi.json` is generated from these declarations, never written by hand.
 */
export type RestOperation = {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** The OpenAPI form of the path: `/api/shares/{id}`. */
  path: `/api/${string}`;
  /** Spanish, one line: what the operation does. */
  summary: string;
  /** Spanish, optional: what a client must know beyond the schemas. */
  description?: string;
  /** `member`: needs the session cookie (else 401); `anyone`: works without it. */
  access: 'anyone' | 'member';
  params?: z.ZodObject;
  query?: z.ZodObject;
  headers?: z.ZodObject;
  /** The body by media type: a zod schema, or JSON Schema where none describes it (a multipart upload). */
  body?: { required: boolean; content: Content };
  /** The answers that are not errors, by status; without `content`, the answer has no body. */
  responses: Record<number, { description: string; content?: Content; headers?: string[] }>;
  /** Statuses answered with the JSON error envelope (besides 401 for `member` and 403 for state-changing methods). */
  errors?: number[];
};

/** Schemas by media type: zod schemas, or JSON Schema for bytes no zod schema describes (audio). */
type Content = Record<string, ZodMediaTypeObject['schema']>;

/** `{ 'application/json': schema }`. */
export const json = (schema: z.ZodType): Content => ({ 'application/json': schema });

function toContent(content: Content): ZodContentObject {
  return Object.fromEntries(Object.entries(content).map(([mediaType, schema]) => [mediaType, { schema }]));
}

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Petición no válida: un cuerpo que no es JSON, o campos con errores (`details.fieldErrors`, por campo).',
  401: 'Necesitas iniciar sesión (o las credenciales no son válidas).',
  403: 'Sin permiso, o el `Origin` de una petición que cambia datos no está en `APP_ORIGIN`.',
  404: 'No existe, o no es tuyo.',
  405: 'Método no permitido.',
  409: 'Conflicto con el estado actual.',
  410: 'El enlace ya se usó, caducó o se revocó.',
  413: 'La petición es demasiado grande.',
  422: 'La misma clave de idempotencia con otro cuerpo.',
  429: 'Demasiadas peticiones: vuelve a intentarlo cuando diga `Retry-After` (segundos).',
  502: 'El servidor externo no ha podido responder.',
  503: 'El servicio no está disponible ahora mismo.',
  504: 'El servidor externo ha tardado demasiado.',
};

const HEADER_DESCRIPTIONS: Record<string, string> = {
  'Set-Cookie': 'La cookie de sesión (`session`; `__Host-session` en producción), `HttpOnly; SameSite=Lax; Path=/`.',
  'Retry-After': 'Segundos que debes esperar antes de volver a intentarlo.',
  'Content-Range': 'El tramo servido: `bytes inicio-fin/tamaño`.',
  'Accept-Ranges': 'Siempre `bytes`: puedes pedir tramos con `Range`.',
  ETag: 'La versión del calendario: mándala en `If-None-Match` para recibir 304 si no ha cambiado.',
  'Content-Disposition': 'El nombre de archivo propuesto para la descarga.',
  Location: 'A dónde redirige.',
  Allow: 'Los métodos que sí acepta la ruta.',
};

export const SESSION_SCHEME = 'sesion';

function toRouteConfig(operation: RestOperation): RouteConfig {
  const errors = new Set(operation.errors ?? []);
  if (operation.access === 'member') errors.add(401);
  if (operation.method !== 'get') errors.add(403);
  const responses: RouteConfig['responses'] = {};
  for (const [status, answer] of Object.entries(operation.responses)) {
    responses[status] = {
      description: answer.description,
      ...(answer.headers
        ? { headers: Object.fromEntries(answer.headers.map((name) => [name, { description: HEADER_DESCRIPTIONS[name] ?? name, schema: { type: 'string' } }])) }
        : {}),
      ...(answer.content ? { content: toContent(answer.content) } : {}),
    };
  }
  for (const status of [...errors].sort((a, b) => a - b)) {
    responses[String(status)] ??= {
      description: ERROR_DESCRIPTIONS[status] ?? 'Error',
      content: { 'application/json': { schema: ErrorEnvelopeSchema } },
    };
  }
  return {
    method: operation.method,
    path: operation.path,
    summary: operation.summary,
    ...(operation.description ? { description: operation.description } : {}),
    tags: [tagOf(operation.path)],
    security: operation.access === 'member' ? [{ [SESSION_SCHEME]: [] }] : [],
    request: {
      ...(operation.params ? { params: operation.params } : {}),
      ...(operation.query ? { query: operation.query } : {}),
      ...(operation.headers ? { headers: operation.headers } : {}),
      ...(operation.body ? { body: { required: operation.body.required, content: toContent(operation.body.content) } } : {}),
    },
    responses,
  };
}

/** The area an operation belongs to (the page's sections), from its path. */
const TAGS: Array<[RegExp, string]> = [
  [/^\/api\/(login|logout|auth)\b/, 'Cuenta y sesión'],
  [/^\/api\/(activity-log|activities)\b/, 'Pasos'],
  [/^\/api\/assessment\b/, 'Evaluación'],
  [/^\/api\/(daily-plan|generate-daily-plan)\b/, 'Plan del día'],
  [/^\/api\/meditations\b/, 'Audio Ascenso'],
  [/^\/api\/weekly-review\b/, 'Tu semana'],
  [/^\/api\/shares\b/, 'Compartir'],
  [/^\/api\/(calendar|profile\/work-hours)\b/, 'Calendario'],
  [/^\/api\/profile\b/, 'Tus datos'],
  [/^\/api\/voice\b/, 'Voz'],
];

export function tagOf(path: string): string {
  return TAGS.find(([pattern]) => pattern.test(path))?.[1] ?? 'Servicio';
}

export const API_TITLE = 'API REST de Ascenso';

/** The OpenAPI 3.1 document of `operations` (zod-to-openapi's registry and generator, its public API). */
export function createOpenApiDocument(operations: readonly RestOperation[], version: string) {
  const registry = new OpenAPIRegistry();
  registry.registerComponent('securitySchemes', SESSION_SCHEME, {
    type: 'apiKey',
    in: 'cookie',
    name: 'session',
    description: 'La cookie de sesión que fijan `POST /api/auth/login` y `POST /api/auth/register` (`__Host-session` en producción).',
  });
  for (const operation of operations) registry.registerPath(toRouteConfig(operation));
  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: API_TITLE,
      version,
      description:
        'Las rutas REST documentadas de Ascenso: cada una llama al mismo procedimiento tRPC que usa la aplicación, con los mismos esquemas. ' +
        'Todo error responde con el mismo sobre JSON: `{ "error": { "code", "message", "requestId", "details"? } }`. ' +
        'Toda petición que no sea GET debe llevar un `Origin` de `APP_ORIGIN`.',
    },
    servers: [{ url: '/' }],
  });
}

export type OpenApiDocument = ReturnType<typeof createOpenApiDocument>;
