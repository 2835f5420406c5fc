/*
 * E-mail verification: the welcome mail's link confirms that the address is the person's. Until then, what
 * would act on the address or speak for its owner to others (a share link, a calendar feed, a mail sent on
 * their behalf) is refused, so nobody can squat someone else's address. Zod-free: screens import it.
 */

/** How long a confirmation link works (the welcome mail's and «Reenviar enlace»'s). */
export const EMAIL_VERIFICATION_VALID_HOURS = 48;

/** The web page a confirmation link opens: `/verificar/{token}`. */
export const EMAIL_VERIFICATION_PATH = '/verificar/';

/** What the app refuses until the address is confirmed, named in the refusal («Confirma tu correo para …»). */
export const VERIFIED_EMAIL_PURPOSES = {
  share: 'crear un enlace para compartir tus datos',
  calendarFeed: 'conectar tu calendario',
} as const;
export type VerifiedEmailPurpose = keyof typeof VERIFIED_EMAIL_PURPOSES;

/** The refusal of an action that needs a confirmed address, and the way out (the banner's button). */
export function verifiedEmailRequiredMessage(purpose: VerifiedEmailPurpose): string {
  return `Confirma tu correo para ${VERIFIED_EMAIL_PURPOSES[purpose]}: abre el enlace que te hemos enviado o pide otro con «Reenviar enlace» en el aviso de arriba.`;
}

export const EMAIL_VERIFICATION_MESSAGES = {
  /** A link that was used, has expired, was replaced by a newer one, or never existed (410). */
  gone: `Este enlace para confirmar tu correo ya no es válido: caduca a las ${EMAIL_VERIFICATION_VALID_HOURS} horas, solo se puede usar una vez y deja de valer cuando pides otro. Inicia sesión y pulsa «Reenviar enlace» en el aviso de arriba para recibir uno nuevo.`,
  /** «Reenviar enlace» answered. */
  resent: 'Te hemos enviado un enlace nuevo.',
  /** «Reenviar enlace» of an address that is already confirmed. */
  alreadyVerified: 'Tu correo ya está confirmado.',
  /** The admin's weekly summary to a person whose address is not confirmed. */
  recipientUnverified: 'Esta persona aún no ha confirmado su correo: no le enviamos correos en su nombre hasta que lo confirme.',
} as const;
