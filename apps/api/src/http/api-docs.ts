import { Hono } from 'hono';
import { API_TITLE, createOpenApiDocument, type OpenApiDocument, type RestOperation } from './openapi';
import type { AppEnv } from './types';

/** The version of the REST contract the document describes (info.version). */
export const API_VERSION = '1.0.0';

/**
 * `GET /api/openapi.json` (the OpenAPI 3.1 document, generated once from the operations' zod schemas) and
 * `GET /api/docs` (the same document as a readable page, rendered on the server). app.ts mounts them outside
 * production, and in production only with API_DOCS=1 (decision 040).
 */
export function apiDocsRoutes(operations: readonly RestOperation[]) {
  const app = new Hono<AppEnv>();
  let document: OpenApiDocument | undefined;
  let page: string | undefined;
  const described = () => (document ??= createOpenApiDocument(operations, API_VERSION));
  app.get('/openapi.json', (c) => c.json(described(), 200));
  app.get('/docs', (c) => c.html((page ??= renderApiDocsPage(described())), 200));
  return app;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

type Json = Record<string, unknown>;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch);
}

/** `code` spans for the document's `backticks`, the rest escaped. */
function inline(text: string): string {
  return escapeHtml(text).replace(/`([^`]+)`/g, '<code>$1</code>');
}

/** A short type for a JSON Schema: `string`, `integer | null`, `array de object`, `"a" | "b"`. */
function typeLabel(schema: Json | undefined): string {
  if (!schema) return '—';
  if (Array.isArray(schema.enum)) return schema.enum.map((value) => JSON.stringify(value)).join(' | ');
  if ('const' in schema) return JSON.stringify(schema.const);
  const type = schema.type;
  if (Array.isArray(type)) return type.join(' | ');
  if (type === 'array') return `array de ${typeLabel(schema.items as Json | undefined)}`;
  if (typeof type === 'string') return typeof schema.format === 'string' ? `${type} (${schema.format})` : type;
  for (const key of ['anyOf', 'oneOf'] as const) if (Array.isArray(schema[key])) return (schema[key] as Json[]).map(typeLabel).join(' | ');
  return 'cualquier valor';
}

function schemaBlock(label: string, schema: unknown): string {
  return `<details><summary>${escapeHtml(label)}</summary><pre>${escapeHtml(JSON.stringify(schema, null, 2))}</pre></details>`;
}

function anchorOf(method: string, path: string): string {
  return `${method}-${path}`.replace(/[^A-Za-z0-9]+/g, '-').replace(/-+$/, '');
}

function renderOperation(method: string, path: string, operation: Json): string {
  const parts: string[] = [];
  const id = anchorOf(method, path);
  parts.push(`<article class="op" aria-labelledby="${id}">`);
  parts.push(`<h3 id="${id}"><span class="method ${method}">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code></h3>`);
  if (typeof operation.summary === 'string') parts.push(`<p>${inline(operation.summary)}</p>`);
  if (typeof operation.description === 'string') parts.push(`<p>${inline(operation.description)}</p>`);
  const signedIn = Array.isArray(operation.security) && operation.security.length > 0;
  parts.push(`<p class="access">${signedIn ? 'Necesita la cookie de sesión.' : 'No necesita sesión.'}</p>`);

  const parameters = (operation.parameters as Json[] | undefined) ?? [];
  if (parameters.length > 0) {
    const place: Record<string, string> = { path: 'ruta', query: 'consulta', header: 'cabecera', cookie: 'cookie' };
    parts.push(
      '<table><caption>Parámetros</caption><thead><tr><th scope="col">Nombre</th><th scope="col">Dónde</th><th scope="col">Obligatorio</th><th scope="col">Tipo</th></tr></thead><tbody>',
    );
    for (const parameter of parameters) {
      parts.push(
        `<tr><th scope="row"><code>${escapeHtml(String(parameter.name))}</code></th><td>${place[String(parameter.in)] ?? escapeHtml(String(parameter.in))}</td><td>${parameter.required ? 'sí' : 'no'}</td><td>${escapeHtml(typeLabel(parameter.schema as Json | undefined))}</td></tr>`,
      );
    }
    parts.push('</tbody></table>');
  }

  const body = operation.requestBody as Json | undefined;
  if (body) {
    for (const [mediaType, content] of Object.entries((body.content as Record<string, Json>) ?? {})) {
      parts.push(`<p>Cuerpo <code>${escapeHtml(mediaType)}</code>${body.required ? '' : ' (opcional)'}.</p>`);
      parts.push(schemaBlock(`Esquema del cuerpo (${mediaType})`, content.schema));
    }
  }

  parts.push(
    '<table><caption>Respuestas</caption><thead><tr><th scope="col">Código</th><th scope="col">Significa</th><th scope="col">Contenido</th></tr></thead><tbody>',
  );
  const responses = Object.entries((operation.responses as Record<string, Json>) ?? {});
  const schemas: string[] = [];
  for (const [status, response] of responses) {
    const content = Object.entries((response.content as Record<string, Json> | undefined) ?? {});
    const headers = Object.keys((response.headers as Json | undefined) ?? {});
    const media = content.map(([type]) => `<code>${escapeHtml(type)}</code>`).join(', ') || 'sin cuerpo';
    const headerNote = headers.length > 0 ? `<br>Cabeceras: ${headers.map((name) => `<code>${escapeHtml(name)}</code>`).join(', ')}` : '';
    parts.push(`<tr><th scope="row">${escapeHtml(status)}</th><td>${inline(String(response.description ?? ''))}${headerNote}</td><td>${media}</td></tr>`);
    for (const [type, entry] of content)
      if (!status.startsWith('4') && !status.startsWith('5')) schemas.push(schemaBlock(`Esquema de la respuesta ${status} (${type})`, entry.schema));
  }
  parts.push('</tbody></table>');
  parts.push(...schemas);
  parts.push('</article>');
  return parts.join('\n');
}

const STYLE = `
body{font-family:system-ui,sans-serif;line-height:1.5;margin:0;color:#1a202c;background:#fff}
header,main,nav{max-width:60rem;margin:0 auto;padding:0 1rem}
h1{margin-top:1.5rem}h2{border-bottom:2px solid #e2e8f0;padding-bottom:.25rem;margin-top:2.5rem}
code,pre{font-family:ui-monospace,monospace;font-size:.9em}
pre{background:#f7fafc;border:1px solid #e2e8f0;padding:.75rem;overflow:auto;max-height:30rem}
.op{border:1px solid #e2e8f0;border-radius:.5rem;padding:.25rem 1rem 1rem;margin:1rem 0}
.method{display:inline-block;min-width:4.5rem;text-align:center;border-radius:.25rem;padding:0 .4rem;color:#fff;background:#2d3748}
.get{background:#22543d}.post{background:#2a4365}.put,.patch{background:#744210}.delete{background:#822727}
table{border-collapse:collapse;width:100%;margin:.75rem 0}caption{text-align:left;font-weight:600}
th,td{border:1px solid #e2e8f0;padding:.3rem .5rem;text-align:left;vertical-align:top}
.access{color:#4a5568}
a{color:#2b6cb0}a:focus-visible,summary:focus-visible{outline:3px solid #3182ce;outline-offset:2px}
nav ul{columns:2;padding-left:1.2rem}
`;

/** The document as one accessible Spanish page: no script, styles inline (allowed by the CSP, http/security.ts). */
export function renderApiDocsPage(document: OpenApiDocument): string {
  const byTag = new Map<string, string[]>();
  const links = new Map<string, string[]>();
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of METHODS) {
      const operation = (item as Record<string, Json | undefined>)[method];
      if (!operation) continue;
      const tag = (operation.tags as string[] | undefined)?.[0] ?? 'Servicio';
      if (!byTag.has(tag)) {
        byTag.set(tag, []);
        links.set(tag, []);
      }
      byTag.get(tag)!.push(renderOperation(method, path, operation));
      links.get(tag)!.push(`<li><a href="#${anchorOf(method, path)}">${method.toUpperCase()} <code>${escapeHtml(path)}</code></a></li>`);
    }
  }
  const tagId = (tag: string) =>
    `area-${tag
      .normalize('NFD')
      .replace(/[^A-Za-z0-9]+/g, '-')
      .toLowerCase()}`;
  return `<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(API_TITLE)}</title>
<style>${STYLE}</style>
</head>
<body>
<header>
<h1>${escapeHtml(API_TITLE)}</h1>
<p>Aquí tienes cada ruta REST documentada, con sus parámetros, su cuerpo y sus respuestas. Todo sale del mismo documento OpenAPI 3.1, que puedes descargar en <a href="/api/openapi.json"><code>/api/openapi.json</code></a> y usar con tus herramientas.</p>
<p>Los errores responden siempre con el mismo sobre JSON: <code>{ "error": { "code", "message", "requestId", "details"? } }</code>. Las peticiones que cambian datos deben llevar un <code>Origin</code> permitido (<code>APP_ORIGIN</code>); las que necesitan sesión, la cookie que fija <code>POST /api/auth/login</code>.</p>
</header>
<nav aria-label="Rutas por área">
<h2>Rutas por área</h2>
${[...links.entries()].map(([tag, items]) => `<h3><a href="#${tagId(tag)}">${escapeHtml(tag)}</a></h3>\n<ul>${items.join('')}</ul>`).join('\n')}
</nav>
<main>
${[...byTag.entries()].map(([tag, operations]) => `<section aria-labelledby="${tagId(tag)}">\n<h2 id="${tagId(tag)}">${escapeHtml(tag)}</h2>\n${operations.join('\n')}\n</section>`).join('\n')}
</main>
</body>
</html>
`;
}
