import { describe, expect, it } from 'vitest';
import { canSend, composerKeyAction, preventsDefault } from './composer-keys';

const press = (overrides: Partial<Parameters<typeof composerKeyAction>[0]>) => ({
  key: 'Enter',
  shiftKey: false,
  isComposing: false,
  text: 'Quiero delegar más',
  ...overrides,
});

describe('message box keys', () => {
  it('Enter sends non-empty text', () => {
    expect(composerKeyAction(press({}))).toBe('send');
  });

  it('Shift+Enter inserts a newline', () => {
    expect(composerKeyAction(press({ shiftKey: true }))).toBe('newline');
    expect(preventsDefault(press({ shiftKey: true }))).toBe(false);
  });

  it('Enter on blank text does nothing, and no newline is added either', () => {
    expect(composerKeyAction(press({ text: '' }))).toBe('ignore');
    expect(composerKeyAction(press({ text: '  \n\t ' }))).toBe('ignore');
    expect(preventsDefault(press({ text: '   ' }))).toBe(true);
  });

  it('Enter while an IME composition is open confirms it instead of sending', () => {
    expect(composerKeyAction(press({ isComposing: true }))).toBe('ignore');
    expect(preventsDefault(press({ isComposing: true }))).toBe(false);
  });

  it('Enter while blocked (an answer is streaming) does not send', () => {
    expect(composerKeyAction(press({ blocked: true }))).toBe('ignore');
  });

  it('other keys are left alone', () => {
    expect(composerKeyAction(press({ key: 'a' }))).toBe('ignore');
    expect(preventsDefault(press({ key: 'a' }))).toBe(false);
  });

  it('the trimmed text must be non-empty to send', () => {
    expect(canSend('')).toBe(false);
    expect(canSend('   ')).toBe(false);
    expect(canSend(' hola ')).toBe(true);
  });
});
