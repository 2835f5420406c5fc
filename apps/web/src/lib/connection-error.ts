/**
 * Shown for network failures and for any error the app does not recognise. Its own module: the first
 * screen's connection error needs only this sentence, not the whole table of error-messages.ts.
 */
export const CONNECTION_ERROR_MESSAGE = 'No hemos podido conectar. Inténtalo de nuevo.';
