import { z } from 'zod';
import { COMMON_PASSWORDS } from './common-passwords';

export const ROLES = ['user', 'admin'] as const;
export const RoleSchema = z.enum(ROLES);
export type Role = z.infer<typeof RoleSchema>;

export const DEFAULT_TIMEZONE = 'Europe/Madrid';
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
/** First name and surnames, after trimming (registration and "Tus datos"). */
export const NAME_MAX_LENGTH = 60;
export const EMAIL_MAX_LENGTH = 254;
export const TIMEZONE_MAX_LENGTH = 64;
/** The admin's user search box (`admin.users({ query })`). */
export const USER_SEARCH_MAX_LENGTH = 100;

/** True for an IANA zone name the runtime knows (e.g. "Europe/Madrid", "America/Mexico_City"). */
export function isValidTimezone(value: string): boolean {
  if (value.length === 0 || value.length > TIMEZONE_MAX_LENGTH) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export const TimezoneSchema = z.string().trim().refine(isValidTimezone, { message: 'Zona horaria desconocida' });

export const EmailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX_LENGTH, { message: 'El correo es demasiado largo' })
  .pipe(z.email({ message: 'Escribe un correo válido' }));

export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.toLowerCase());
}

/** NIST 800-63B style: length only, no composition rules, refuse well-known passwords. */
export const NewPasswordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, { message: `La contraseña necesita al menos ${PASSWORD_MIN_LENGTH} caracteres` })
  .max(PASSWORD_MAX_LENGTH, { message: `La contraseña admite como máximo ${PASSWORD_MAX_LENGTH} caracteres` })
  .refine((value) => !isCommonPassword(value), {
    message: 'Esa contraseña es demasiado común; elige otra',
  });

export const NameSchema = z
  .string()
  .trim()
  .max(NAME_MAX_LENGTH, { message: `Máximo ${NAME_MAX_LENGTH} caracteres` });
export const FirstNameSchema = NameSchema.min(1, { message: 'Escribe tu nombre' });

export const RegisterInputSchema = z.object({
  email: EmailSchema,
  password: NewPasswordSchema,
  firstName: FirstNameSchema,
  lastName: NameSchema.optional(),
  timezone: TimezoneSchema.optional(),
});
export type RegisterInput = z.infer<typeof RegisterInputSchema>;

/** Sign-in takes any string up to the maximum: policy is checked at registration, not here. */
export const LoginInputSchema = z.object({
  email: z.string().trim().toLowerCase().min(1, { message: 'Escribe tu correo' }).max(EMAIL_MAX_LENGTH),
  password: z.string().min(1, { message: 'Escribe tu contraseña' }).max(PASSWORD_MAX_LENGTH),
});
export type LoginInput = z.infer<typeof LoginInputSchema>;

/** «¿Has olvidado tu contraseña?»: the address to send the reset link to. */
export const PasswordResetRequestSchema = z.object({ email: EmailSchema });

/** A reset link's token (any string here: a malformed one is a link that cannot work, 410) and the new password. */
export const PasswordResetConfirmSchema = z.object({
  token: z.string().max(200),
  password: NewPasswordSchema,
});

/**
 * What the API tells a client about a user (never the password hash). `emailVerified`: the welcome mail's
 * link was opened (until then shares, the calendar feed and mails on the user's behalf are refused).
 */
export const PublicUserSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string().nullable(),
  email: z.string(),
  role: RoleSchema,
  timezone: z.string(),
  emailVerified: z.boolean(),
});
export type PublicUser = z.infer<typeof PublicUserSchema>;

// Zod-free helpers live in ./display so that screens can use them without the schemas.
export { greetingName, safeNextPath } from './display';
