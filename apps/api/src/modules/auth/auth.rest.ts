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
import { envelope, readJsonBody } from '../../http/errors';
import { withCaller, withInput } from '../../http/rest';
import type { AppEnv } from '../../http/types';
import { VerifyEmailInputSchema } from './auth.router';
import { earlyRestRefusal } from './early-refusal';

/** The documented sign-in paths of the contract, as thin shims over the auth procedures. */
export function authRest(deps: Deps) {
  const app = new Hono<AppEnv>();

  app.get('/login', (c) => {
    const next = c.req.query('next');
    const target = next ? `/acceso?next=${encodeURIComponent(safeNextPath(next))}` : '/acceso';
    return c.redirect(target, 302);
  });

  app.post('/auth/register', async (c) => {
    const early = earlyRestRefusal(deps, c, 'auth.register');
    if (early) return early;
    const body = await readJsonBody(c);
    return withInput(deps, c, { schema: RegisterInputSchema, caller: 'anyone' }, body, async (caller, input) => c.json(await caller.auth.register(input), 201));
  });

  app.post('/auth/login', async (c) => {
    const early = earlyRestRefusal(deps, c, 'auth.login');
    if (early) return early;
    const body = await readJsonBody(c);
    return withInput(deps, c, { schema: LoginInputSchema, caller: 'anyone' }, body, async (caller, input) => c.json(await caller.auth.login(input), 200));
  });

  // The contract's "Accounts": 202 with the same body whether or not the account exists.
  app.post('/auth/password-reset', async (c) => {
    const body = await readJsonBody(c);
    return withInput(deps, c, { schema: PasswordResetRequestSchema, caller: 'anyone' }, body, async (caller, input) =>
      c.json(await caller.auth.requestPasswordReset(input), 202),
    );
  });

  // 200, or 410 (LINK_GONE) for a link that was used, has expired or never existed.
  app.post('/auth/password-reset/confirm', async (c) => {
    const body = await readJsonBody(c);
    return withInput(deps, c, { schema: PasswordResetConfirmSchema, caller: 'anyone' }, body, async (caller, input) =>
      c.json(await caller.auth.confirmPasswordReset(input), 200),
    );
  });

  // 200, or 410 (LINK_GONE) for a confirmation link that was used, has expired or never existed.
  app.post('/auth/verify-email', async (c) => {
    const body = await readJsonBody(c);
    return withInput(deps, c, { schema: VerifyEmailInputSchema, caller: 'anyone' }, body, async (caller, input) =>
      c.json(await caller.auth.verifyEmail(input), 200),
    );
  });

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
