import { AccountSchema } from '@ascenso/domain/address-form';
import {
  LoginInputSchema,
  NewPasswordSchema,
  PASSWORD_MAX_LENGTH,
  PasswordResetConfirmSchema,
  PasswordResetRequestSchema,
  PublicUserSchema,
  RegisterInputSchema,
} from '@ascenso/domain/auth';
import { DomainError } from '@ascenso/domain/errors';
import { z } from 'zod';
import type { Deps } from '../../deps';
import type { Context } from '../../trpc/context';
import { authedProcedure, publicProcedure, router } from '../../trpc/trpc';
import { changePassword, login, logout, logoutEverywhere, register, toAccount, type SignedIn } from './auth.service';
import { resendVerification, verifyEmail } from './email-verification';
import { confirmPasswordReset, PASSWORD_RESET_ACCEPTED_MESSAGE, requestPasswordReset } from './password-reset';

/** `auth.verifyEmail`'s input: the token of a confirmation link. */
export const VerifyEmailInputSchema = z.object({ token: z.string().max(200) });

/** `auth.requestPasswordReset`'s answer (202 on REST). */
export const PasswordResetAcceptedSchema = z.object({ message: z.string() });
/** The answer of the procedures that only say they did it. */
export const DoneSchema = z.object({ success: z.literal(true) });
/** `auth.resendVerification`'s answer. */
export const ResendVerificationSchema = z.object({ alreadyVerified: z.boolean() });

export const SessionEventSchema = z.object({ type: z.literal('signedOut') });
export type SessionEvent = z.infer<typeof SessionEventSchema>;

/**
 * Sign-in and registration set a cookie, which a WebSocket cannot carry: over /api/trpc-ws (where one
 * message may hold many calls, with no batch cap) they are refused before any password work.
 */
function refuseOverWebSocket(ctx: Context) {
  if (ctx.transport === 'ws') throw new DomainError('VALIDATION', 'Inicia sesión o crea tu cuenta por HTTP, no por WebSocket');
}

/** After a sign-in or a registration: the tab's previous session (if any) ends and the new one's cookie is set. */
async function startSession(ctx: Context, signedIn: SignedIn): Promise<SignedIn['user']> {
  if (ctx.auth) await logout(ctx.deps, { id: ctx.auth.session.id, userId: ctx.auth.user.id });
  ctx.setSessionCookie(signedIn.token, signedIn.expiresAt);
  // The browser is a known device of the account from now on (decision 034); a year from its last sign-in.
  if (signedIn.deviceToken) ctx.setDeviceCookie(signedIn.deviceToken);
  return signedIn.user;
}

/** Sign-in or registration: refused over the WebSocket, then `authenticate` runs and its session starts (answers the user). */
const startingSession =
  <Input>(authenticate: (deps: Deps, input: Input, meta: { ip: string; deviceToken: string | undefined }) => Promise<SignedIn>) =>
  async ({ ctx, input }: { ctx: Context; input: Input }) => {
    refuseOverWebSocket(ctx);
    return startSession(ctx, await authenticate(ctx.deps, input, { ip: ctx.ip, deviceToken: ctx.deviceToken }));
  };

export const authRouter = router({
  /** The signed-in user, or null for a visitor. */
  me: publicProcedure.output(AccountSchema.nullable()).query(({ ctx }) => (ctx.auth ? toAccount(ctx.auth.user) : null)),

  login: publicProcedure.input(LoginInputSchema).output(PublicUserSchema).mutation(startingSession(login)),

  register: publicProcedure.input(RegisterInputSchema).output(PublicUserSchema).mutation(startingSession(register)),

  /** Ends this session server-side (idempotent: a visitor just gets the cookie cleared). */
  logout: publicProcedure.output(z.null()).mutation(async ({ ctx }) => {
    if (ctx.auth) await logout(ctx.deps, { id: ctx.auth.session.id, userId: ctx.auth.user.id });
    ctx.clearSessionCookie();
    return null;
  }),

  /**
   * Asks for a reset link by e-mail (decision 034): the same answer whether or not the account exists,
   * given before the e-mail is sent. Limited per address and per account.
   */
  requestPasswordReset: publicProcedure
    .input(PasswordResetRequestSchema)
    .output(PasswordResetAcceptedSchema)
    .mutation(async ({ ctx, input }) => {
      refuseOverWebSocket(ctx);
      await requestPasswordReset(ctx.deps, input.email, { ip: ctx.ip });
      return { message: PASSWORD_RESET_ACCEPTED_MESSAGE };
    }),

  /** Sets a new password through a reset link; every session of the account ends (LINK_GONE when the link cannot be used). */
  confirmPasswordReset: publicProcedure
    .input(PasswordResetConfirmSchema)
    .output(DoneSchema)
    .mutation(({ ctx, input }) => {
      refuseOverWebSocket(ctx);
      return confirmPasswordReset(ctx.deps, input, { ip: ctx.ip });
    }),

  /**
   * Opens the welcome mail's confirmation link (public: it may be opened signed out, on another device);
   * LINK_GONE when it was used, has expired, was replaced or never existed.
   */
  verifyEmail: publicProcedure
    .input(VerifyEmailInputSchema)
    .output(DoneSchema)
    .mutation(({ ctx, input }) => verifyEmail(ctx.deps, input.token)),

  /** «Reenviar enlace»: a fresh confirmation link (the older ones die), a few an hour; none once confirmed. */
  resendVerification: authedProcedure.output(ResendVerificationSchema).mutation(async ({ ctx }) => {
    const result = await resendVerification(ctx.deps, ctx.auth.user.id);
    return { alreadyVerified: result.alreadyVerified };
  }),

  /** Changes the password; every other session of the user ends. */
  changePassword: authedProcedure
    .input(
      z.object({
        currentPassword: z.string().min(1, { message: 'Escribe tu contraseña actual' }).max(PASSWORD_MAX_LENGTH),
        newPassword: NewPasswordSchema,
      }),
    )
    .output(z.object({ success: z.literal(true), endedSessions: z.number().int() }))
    .mutation(({ ctx, input }) => changePassword(ctx.deps, { id: ctx.auth.session.id, userId: ctx.auth.user.id }, input, { ip: ctx.ip })),

  /** Signs out on every device, this one included. */
  logoutEverywhere: authedProcedure.output(z.object({ endedSessions: z.number().int() })).mutation(async ({ ctx }) => {
    const endedSessions = await logoutEverywhere(ctx.deps, ctx.auth.user.id);
    ctx.clearSessionCookie();
    return { endedSessions };
  }),

  /** Tells an open tab that its session has ended elsewhere (logout in another tab, expiry). */
  onSessionEvent: authedProcedure.subscription(async function* ({ ctx, signal }) {
    const abort = signal ?? new AbortController().signal;
    for await (const event of ctx.deps.bus.iterate('session.ended', abort)) {
      if (event.sessionId === ctx.auth.session.id) {
        yield { type: 'signedOut' } satisfies SessionEvent;
        return;
      }
    }
  }),
});
