/** Session-storage keys shared by Home (writer) and /coaching/chat (reader). */
export const INITIAL_MESSAGE_KEY = 'ascenso.initialMessage';
export const SKIP_GREETING_KEY = 'ascenso.skipGreeting';

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Home: remember the message for the chat and ask it to skip its greeting (spec §2). */
export function storeInitialMessage(storage: KeyValueStorage, text: string): void {
  storage.setItem(INITIAL_MESSAGE_KEY, text);
  storage.setItem(SKIP_GREETING_KEY, 'true');
}

/** Home's message for the chat, without taking it (read only: the chat shows it from its first render). */
export function peekInitialMessage(storage: KeyValueStorage): string | null {
  try {
    if (storage.getItem(SKIP_GREETING_KEY) !== 'true') return null;
    const text = (storage.getItem(INITIAL_MESSAGE_KEY) ?? '').trim();
    return text.length > 0 ? text : null;
  } catch {
    return null;
  }
}

/**
 * /coaching/chat: the initial message, if Home left one together with the skip-greeting flag. Both
 * keys are removed either way, so a reload or a later visit never sends it twice.
 */
export function takeInitialMessage(storage: KeyValueStorage): string | null {
  try {
    const message = storage.getItem(INITIAL_MESSAGE_KEY);
    const skip = storage.getItem(SKIP_GREETING_KEY);
    storage.removeItem(INITIAL_MESSAGE_KEY);
    storage.removeItem(SKIP_GREETING_KEY);
    if (skip !== 'true' || message === null) return null;
    const text = message.trim();
    return text.length > 0 ? text : null;
  } catch {
    return null;
  }
}

/** sessionStorage when the browser allows it (private modes may throw). */
export function browserSessionStorage(): KeyValueStorage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}
