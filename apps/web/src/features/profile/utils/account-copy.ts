import { NewPasswordSchema } from '@ascenso/domain/auth';
import { CONNECTION_ERROR_MESSAGE, messageForCode, rateLimitMessage } from '#lib/error-messages';
import { readDomainError } from '#lib/errors';

/** What "Cambiar contraseña" says when it worked. */
export function endedSessionsMessage(ended: number): string {
  if (ended === 0) return 'Contraseña cambiada. No había sesiones abiertas en otros dispositivos.';
  if (ended === 1) return 'Contraseña cambiada. Se ha cerrado 1 sesión en otro dispositivo.';
  return `Contraseña cambiada. Se han cerrado ${ended} sesiones en otros dispositivos.`;
}

export type PasswordFormErrors = {
  formError: string | null;
  fieldErrors: Partial<Record<'currentPassword' | 'newPassword', string>>;
};

/** Client-side check before `auth.changePassword` (the same policy the API applies). */
export function checkPasswordChange(currentPassword: string, newPassword: string): PasswordFormErrors['fieldErrors'] {
  const errors: PasswordFormErrors['fieldErrors'] = {};
  if (!currentPassword) errors.currentPassword = 'Escribe tu contraseña actual';
  const parsed = NewPasswordSchema.safeParse(newPassword);
  if (!parsed.success) errors.newPassword = parsed.error.issues[0]?.message ?? 'Elige otra contraseña';
  else if (currentPassword && newPassword === currentPassword) errors.newPassword = 'La contraseña nueva tiene que ser distinta de la actual';
  return errors;
}

/**
 * Where a failed `auth.changePassword` is shown: a wrong current password beside that field,
 * validation beside the new one, the rest in the form alert.
 */
export function passwordChangeErrors(error: unknown): PasswordFormErrors {
  const info = readDomainError(error);
  switch (info.domainCode) {
    case 'INVALID_CREDENTIALS':
      return { formError: null, fieldErrors: { currentPassword: 'La contraseña actual no es correcta' } };
    case 'WEAK_PASSWORD':
      return {
        formError: null,
        fieldErrors: { newPassword: info.fieldErrors.newPassword?.[0] ?? messageForCode('WEAK_PASSWORD') },
      };
    case 'VALIDATION': {
      const fieldErrors: PasswordFormErrors['fieldErrors'] = {};
      if (info.fieldErrors.newPassword?.[0]) fieldErrors.newPassword = info.fieldErrors.newPassword[0];
      if (info.fieldErrors.currentPassword?.[0]) fieldErrors.currentPassword = info.fieldErrors.currentPassword[0];
      return Object.keys(fieldErrors).length > 0 ? { formError: null, fieldErrors } : { formError: messageForCode('VALIDATION'), fieldErrors };
    }
    case 'RATE_LIMITED':
      return { formError: rateLimitMessage(info.retryAfterSeconds), fieldErrors: {} };
    case null:
      return { formError: CONNECTION_ERROR_MESSAGE, fieldErrors: {} };
    default:
      return { formError: messageForCode(info.domainCode), fieldErrors: {} };
  }
}
