/**
 * Every landing call-to-action is a full-page navigation to the sign-in endpoint (spec §1), never a
 * client-side route change. The server answers 302 → /acceso; the browser keeps the fragment, so
 * `#crear-cuenta` opens the sign-up tab there.
 */
export const LOGIN_URL = '/api/login';
export const SIGN_UP_URL = '/api/login#crear-cuenta';
