/**
 * Limits on password guessing and on password work (docs/decisions/012-sign-in-limits.md).
 *
 * Every limit is a sliding window: at most `max` attempts in any `windowMs`. An attempt is reserved
 * before the password is checked (all the limits that apply at once, or none), so no batching or
 * concurrency gets past it; a successful sign-in gives its reservation back.
 */
export type WindowLimit = { max: number; windowMs: number };

export type SignInLimits = {
  /** Wrong sign-ins to one account from one address. */
  perAccountAddress: WindowLimit;
  /** Wrong sign-ins from one address, whatever the account. */
  perAddress: WindowLimit;
  /**
   * Wrong sign-ins to one account from all addresses together: slower and larger than the per
   * (account, address) limit, so that one address can never use it up (no lockout button).
   */
  perAccount: WindowLimit;
  /** Registrations (each one hashes a password) from one address. */
  registerPerAddress: WindowLimit;
  /** Wrong current passwords of a signed-in user (password change, account deletion). */
  passwordCheckPerUser: WindowLimit;
  /** Password changes of a signed-in user, right or wrong: each costs two Argon2 runs. */
  passwordChangePerUser: WindowLimit;
  /**
   * Wrong sign-ins from one known device of the account (its device cookie, decision 034). Such a
   * sign-in counts here instead of `perAccount`, so that nobody elsewhere can lock the owner out.
   */
  perDevice: WindowLimit;
  /** Password reset e-mails asked for from one address, whatever the account. */
  resetPerAddress: WindowLimit;
  /** Password reset e-mails sent to one account. */
  resetPerAccount: WindowLimit;
  /** New passwords set through reset links from one address (each one hashes a password). */
  resetConfirmPerAddress: WindowLimit;
  /** Fresh e-mail verification links a signed-in account asks for («Reenviar enlace»): each one is a mail. */
  verifyResendPerAccount: WindowLimit;
};

const MINUTE = 60 * 1000;

export const DEFAULT_SIGN_IN_LIMITS: SignInLimits = {
  perAccountAddress: { max: 10, windowMs: 15 * MINUTE },
  perAddress: { max: 10, windowMs: 15 * MINUTE },
  perAccount: { max: 100, windowMs: 24 * 60 * MINUTE },
  registerPerAddress: { max: 5, windowMs: 60 * MINUTE },
  passwordCheckPerUser: { max: 10, windowMs: 15 * MINUTE },
  passwordChangePerUser: { max: 5, windowMs: 60 * MINUTE },
  perDevice: { max: 10, windowMs: 15 * MINUTE },
  resetPerAddress: { max: 5, windowMs: 60 * MINUTE },
  resetPerAccount: { max: 3, windowMs: 60 * MINUTE },
  resetConfirmPerAddress: { max: 10, windowMs: 15 * MINUTE },
  verifyResendPerAccount: { max: 3, windowMs: 60 * MINUTE },
};

/** The kinds of counted attempts (stored as the `scope` of each attempt row). */
export type AttemptScope =
  | 'login-account-address'
  | 'login-address'
  | 'login-account'
  | 'login-device'
  | 'register-address'
  | 'password-user'
  | 'password-change'
  | 'reset-address'
  | 'reset-account'
  | 'reset-confirm-address'
  | 'verify-resend-account';

/** One limit applied to one key, e.g. `{ scope: 'login-address', key: '203.0.113.7', max: 10, windowMs }`. */
export type AttemptRule = WindowLimit & { scope: AttemptScope; key: string };

/**
 * The key a client address is limited under: an IPv4 address as it is (also when IPv4-mapped,
 * `::ffff:203.0.113.7`), an IPv6 address by its /64 network, since one subscriber usually holds a whole
 * /64 and could otherwise change address on every attempt. Anything else is kept as it is.
 */
export function addressKey(ip: string): string {
  const address = ip.trim().toLowerCase().replace(/%.*$/, '');
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(address);
  if (mapped?.[1]) return mapped[1];
  if (!address.includes(':')) return address;
  const halves = address.split('::');
  if (halves.length > 2) return address;
  const head = halves[0] ? halves[0].split(':') : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(':') : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return address;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...tail];
  if (!groups.every((group) => /^[0-9a-f]{1,4}$/.test(group))) return address;
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/**
 * The rules a sign-in attempt reserves against (the e-mail is already normalised). From a known device
 * of the account (`deviceId`: its device cookie names a device that signed in to this account), the
 * device's own limit replaces the account-wide one (OWASP's device cookies, decision 034).
 */
export function signInRules(limits: SignInLimits, email: string, ip: string, deviceId?: string): AttemptRule[] {
  const address = addressKey(ip);
  return [
    { scope: 'login-account-address', key: `${email}\n${address}`, ...limits.perAccountAddress },
    { scope: 'login-address', key: address, ...limits.perAddress },
    deviceId ? { scope: 'login-device', key: deviceId, ...limits.perDevice } : { scope: 'login-account', key: email, ...limits.perAccount },
  ];
}

/** A wait in Spanish words, rounded up: «1 minuto», «15 minutos», «1 hora», «24 horas». */
export function waitLabel(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  if (minutes < 60) return minutes === 1 ? '1 minuto' : `${minutes} minutos`;
  const hours = Math.ceil(minutes / 60);
  return hours === 1 ? '1 hora' : `${hours} horas`;
}

/**
 * The refusal of a sign-in, honest about the wait and about the way out: when the whole account is held
 * (many wrong passwords from elsewhere), a password reset lifts it.
 */
export function signInRefusalMessage(scope: AttemptScope, retryAfterSeconds: number): string {
  const wait = waitLabel(retryAfterSeconds);
  if (scope === 'login-account') {
    return `Esta cuenta ha recibido demasiados intentos fallidos y está en pausa durante ${wait}. Si es tuya, restablece la contraseña con «¿Has olvidado tu contraseña?» y podrás entrar enseguida.`;
  }
  return `Demasiados intentos fallidos. Vuelve a intentarlo dentro de ${wait}, o restablece la contraseña con «¿Has olvidado tu contraseña?».`;
}

/** The refusal of a reset e-mail over its limits. */
export function resetRefusalMessage(retryAfterSeconds: number): string {
  return `Has pedido demasiados enlaces para restablecer la contraseña. Vuelve a intentarlo dentro de ${waitLabel(retryAfterSeconds)}.`;
}

/** The refusal of a fresh verification link over its limit. */
export function verifyResendRefusalMessage(retryAfterSeconds: number): string {
  return `Ya te hemos enviado varios enlaces para confirmar tu correo. Mira en tu bandeja de entrada y en el correo no deseado, o vuelve a pedirlo dentro de ${waitLabel(retryAfterSeconds)}.`;
}

/** Start of the window that counts for a decision at `now` (attempts strictly after it count). */
export function windowStart(now: Date, limit: WindowLimit): Date {
  return new Date(now.getTime() - limit.windowMs);
}

/**
 * Seconds until an attempt is allowed again, given the time of the attempt that must leave the
 * window first (for Retry-After; at least 1).
 */
export function retryAfterSeconds(leavingAttempt: Date, now: Date, limit: WindowLimit): number {
  const ms = leavingAttempt.getTime() + limit.windowMs - now.getTime();
  return Math.max(1, Math.ceil(ms / 1000));
}

/** The longest window of all the limits (older attempt records can be deleted). */
export function longestWindowMs(limits: SignInLimits): number {
  return Math.max(...Object.values(limits).map((limit: WindowLimit) => limit.windowMs));
}

/** Spanish message of a refused registration. */
export const TOO_MANY_REGISTRATIONS_MESSAGE = 'Se han creado demasiadas cuentas desde tu conexión. Vuelve a intentarlo más tarde.';
export const PASSWORD_WORK_BUSY_MESSAGE = 'Hay demasiadas peticiones desde tu conexión. Espera un momento y vuelve a intentarlo.';
