import { describe, expect, it } from 'vitest';
import { INITIAL_MESSAGE_KEY, SKIP_GREETING_KEY, peekInitialMessage, storeInitialMessage, takeInitialMessage } from './initial-message';

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
  };
}

describe('initial message hand-off (Home → /coaching/chat)', () => {
  it('Home stores the text and the skip-greeting flag under the documented keys', () => {
    const storage = memoryStorage();
    storeInitialMessage(storage, 'Quiero delegar más');
    expect(storage.map.get('ascenso.initialMessage')).toBe('Quiero delegar más');
    expect(storage.map.get('ascenso.skipGreeting')).toBe('true');
  });

  it('the chat takes it once and clears both keys', () => {
    const storage = memoryStorage();
    storeInitialMessage(storage, '  Quiero delegar más \n');
    expect(peekInitialMessage(storage)).toBe('Quiero delegar más');
    expect(takeInitialMessage(storage)).toBe('Quiero delegar más');
    expect(peekInitialMessage(storage)).toBeNull();
    expect(storage.map.size).toBe(0);
    expect(takeInitialMessage(storage)).toBeNull();
  });

  it('without the skip flag there is no initial message (and the leftovers are cleared)', () => {
    const storage = memoryStorage();
    storage.setItem(INITIAL_MESSAGE_KEY, 'Hola');
    expect(takeInitialMessage(storage)).toBeNull();
    expect(storage.map.size).toBe(0);
    storage.setItem(INITIAL_MESSAGE_KEY, 'Hola');
    storage.setItem(SKIP_GREETING_KEY, 'false');
    expect(takeInitialMessage(storage)).toBeNull();
  });

  it('a blank message is ignored', () => {
    const storage = memoryStorage();
    storeInitialMessage(storage, '   ');
    expect(peekInitialMessage(storage)).toBeNull();
    expect(takeInitialMessage(storage)).toBeNull();
  });

  it('a storage that throws yields nothing', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => undefined,
      removeItem: () => undefined,
    };
    expect(takeInitialMessage(broken)).toBeNull();
    expect(peekInitialMessage(broken)).toBeNull();
  });
});
