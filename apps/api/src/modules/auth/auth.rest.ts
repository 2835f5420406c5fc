import {
  LoginInputSchema,
  PasswordResetConfirmSchema,
  PasswordResetRequestSchema,
  PublicUserSchema,
  RegisterInputSchema,
  safeNextPath,
} from '@ascenso/domain/auth';
import { Hono } from 'hono';
import type { Deps } from '../../deps';
import { envelope } from '../../http/errors';
import { json, type RestOperation } from '../../http/openapi';
import { jsonBodyRoute, withCaller } from '../../http/rest';
import type { AppEnv } from '../../http/types';
import { z } from 'zod';
import { DoneSchema, PasswordResetAcceptedSchema, ResendVerificationSchema, VerifyEmailInputSchema } from './auth.router';
import { earlyRestRefusal } from './early-refusal';

/** The documented sign-in paths of the contract, as thin shims over the auth procedures. */
export function authRest(deps: Deps) {
  const app = new Hono<AppEnv>();

  app.get('/login', (c) => {
    const next = c.req.query('next');
    const target = next ? `/acceso?next=${encodeURIComponent(safeNextPath(next))}` : '/acceso';
    return c.redirect(target, 302);
  });

  // A refusal remembered for the address (early-refusal.ts) answers before the body is read.
  const register = jsonBodyRoute(deps, { schema: RegisterInputSchema, caller: 'anyone' }, 201, (caller, input) => caller.auth.register(input));
  app.post('/auth/register', (c, next) => earlyRestRefusal(deps, c, 'auth.register') ?? register(c, next));

  const login = jsonBodyRoute(deps, { schema: LoginInputSchema, caller: 'anyone' }, 200, (caller, input) => caller.auth.login(input));
  app.post('/auth/login', (c, next) => earlyRestRefusal(deps, c, 'auth.login') ?? login(c, next));

  // The contract's "Accounts": 202 with the same body whether or not the account exists.
  app.post(
    '/auth/password-reset',
    jsonBodyRoute(deps, { schema: PasswordResetRequestSchema, caller: 'anyone' }, 202, (caller, input) => caller.auth.requestPasswordReset(input)),
  );

  // 200, or 410 (LINK_GONE) for a link that was used, has expired or never existed.
  app.post(
    '/auth/password-reset/confirm',
    jsonBodyRoute(deps, { schema: PasswordResetConfirmSchema, caller: 'anyone' }, 200, (caller, input) => caller.auth.confirmPasswordReset(input)),
  );

  // 200, or 410 (LINK_GONE) for a confirmation link that was used, has expired or never existed.
  app.post(
    '/auth/verify-email',
    jsonBodyRoute(deps, { schema: VerifyEmailInputSchema, caller: 'anyone' }, 200, (caller, input) => caller.auth.verifyEmail(input)),
  );

  // 202 when a fresh link is on its way, 200 when the address is already confirmed (no mail).
  app.post('/auth/verify-email/resend', (c) =>
    withCaller(deps, c, async (caller) => {
      const result = await caller.auth.resendVerification();
      return c.json(result, result.alreadyVerified ? 200 : 202);
    }),
  );

  app.post('/auth/logout', (c) =>
    withCaller(deps, c, async (caller) => {
      await caller.auth.logout();
      return c.body(null, 204);
    }),
  );

  // Only POST signs out (the contract's "Accounts"): a GET or HEAD could be a cross-site link or an image
  // that ends someone's session. A form posted from the app (its Origin is checked like every POST) is
  // sent home with 303.
  app.post('/logout', (c) =>
    withCaller(deps, c, async (caller) => {
      await caller.auth.logout();
      return c.redirect('/', 303);
    }),
  );
  // HEAD is answered by this GET route without its body (Hono's rule), so it gets the same 405.
  app.get('/logout', (c) => {
    c.header('Allow', 'POST');
    return envelope(c, 405, 'METHOD_NOT_SUPPORTED', 'Para cerrar la sesión, usa el botón «Cerrar sesión» de la aplicación.');
  });

  app.get('/auth/user', (c) =>
    withCaller(deps, c, async (caller) => {
      const user = await caller.auth.me();
      // The contract's shape exactly: tRPC's auth.me also carries the coach's form of address.
      return user ? c.json(PublicUserSchema.parse(user), 200) : envelope(c, 401, 'UNAUTHORIZED', 'Necesitas iniciar sesión');
    }),
  );

  return app;
}

/** The paths above as documented in GET /api/openapi.json, with the schemas the procedures validate with (decision 040). */
export const authRestOperations: RestOperation[] = [
  {
    method: 'get',
    path: '/api/login',
    summary: 'Lleva a la pantalla de acceso, `/acceso` (conserva `?next=`).',
    access: 'anyone',
    query: z.object({ next: z.string().optional() }),
    responses: { 302: { description: 'Redirige a `/acceso`.', headers: ['Location'] } },
  },
  {
    method: 'post',
    path: '/api/auth/register',
    summary: 'Crea una cuenta e inicia su sesión.',
    description: 'Contraseñas de 8 a 128 caracteres, sin reglas de composición; se rechazan las que están en una lista de contraseñas comunes.',
    access: 'anyone',
    body: { required: true, content: json(RegisterInputSchema) },
    responses: { 201: { description: 'La cuenta creada, con su cookie de sesión.', content: json(PublicUserSchema), headers: ['Set-Cookie'] } },
    errors: [400, 409, 429],
  },
  {
    method: 'post',
    path: '/api/auth/login',
    summary: 'Inicia sesión con tu e-mail y tu contraseña.',
    description: 'Un e-mail o una contraseña incorrectos reciben la misma respuesta 401; los fallos repetidos, 429.',
    access: 'anyone',
    body: { required: true, content: json(LoginInputSchema) },
    responses: { 200: { description: 'Tu usuario, con una cookie de sesión nueva.', content: json(PublicUserSchema), headers: ['Set-Cookie'] } },
    errors: [400, 401, 429],
  },
  {
    method: 'post',
    path: '/api/auth/password-reset',
    summary: 'Pide un enlace para restablecer la contraseña.',
    description: 'La misma respuesta exista o no la cuenta. El enlace vale 30 minutos y una sola vez.',
    access: 'anyone',
    body: { required: true, content: json(PasswordResetRequestSchema) },
    responses: { 202: { description: 'Pedido: si la cuenta existe, le llega un e-mail.', content: json(PasswordResetAcceptedSchema) } },
    errors: [400, 429],
  },
  {
    method: 'post',
    path: '/api/auth/password-reset/confirm',
    summary: 'Fija una contraseña nueva con el token de un enlace de restablecimiento.',
    description: 'Cierra todas las sesiones de la cuenta y levanta sus límites de acceso.',
    access: 'anyone',
    body: { required: true, content: json(PasswordResetConfirmSchema) },
    responses: { 200: { description: 'Contraseña cambiada.', content: json(DoneSchema) } },
    errors: [400, 410, 429],
  },
  {
    method: 'post',
    path: '/api/auth/verify-email',
    summary: 'Confirma tu dirección de e-mail con el token del enlace que recibiste.',
    access: 'anyone',
    body: { required: true, content: json(VerifyEmailInputSchema) },
    responses: { 200: { description: 'Dirección confirmada.', content: json(DoneSchema) } },
    errors: [400, 410],
  },
  {
    method: 'post',
    path: '/api/auth/verify-email/resend',
    summary: 'Envía un enlace de confirmación nuevo (los anteriores dejan de valer).',
    access: 'member',
    responses: {
      200: { description: 'La dirección ya estaba confirmada: no se envía nada.', content: json(ResendVerificationSchema) },
      202: { description: 'Enlace nuevo en camino.', content: json(ResendVerificationSchema) },
    },
    errors: [429],
  },
  {
    method: 'post',
    path: '/api/auth/logout',
    summary: 'Cierra la sesión (se borra en el servidor).',
    access: 'anyone',
    responses: { 204: { description: 'Sesión cerrada; la cookie se borra.', headers: ['Set-Cookie'] } },
  },
  {
    method: 'post',
    path: '/api/logout',
    summary: 'Cierra la sesión desde un formulario y vuelve a `/`.',
    description: 'Solo con POST: un GET o un HEAD responde 405.',
    access: 'anyone',
    responses: { 303: { description: 'Sesión cerrada; redirige a `/`.', headers: ['Location', 'Set-Cookie'] } },
  },
  {
    method: 'get',
    path: '/api/auth/user',
    summary: 'Tu usuario, si has iniciado sesión.',
    access: 'member',
    responses: { 200: { description: 'Tu usuario.', content: json(PublicUserSchema) } },
  },
];
