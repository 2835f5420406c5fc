import { afterEach, describe, expect, it } from 'vitest';
import { GENERAL_TOASTS, toaster } from './toaster';

const shownTitles = () => toaster.getVisibleToasts().map((toast) => toast.title);

describe('general notifications (spec §9)', () => {
  afterEach(() => toaster.remove());

  it('uses the spec constants: 5 s, F8, kept long after dismissal (not Zag’s 200 ms), 50 px swipe', () => {
    expect(toaster.attrs).toMatchObject({ duration: 5000, hotkey: ['F8'], removeDelay: 1_000_000 });
    expect(GENERAL_TOASTS).toEqual({ durationMs: 5000, removeDelayMs: 1_000_000, hotkey: 'F8', swipeThresholdPx: 50 });
  });

  it('shows one at a time: a new notification replaces the one showing instead of waiting behind it', () => {
    toaster.create({ title: 'Primero', type: 'info' });
    toaster.create({ title: 'Segundo', type: 'success' });
    expect(shownTitles()).toEqual(['Segundo']);
    toaster.success({ title: 'Tercero' });
    expect(shownTitles()).toEqual(['Tercero']);
  });

  it('updates a notification with the same id in place while it shows, and reports it visible by that id', () => {
    const first = toaster.create({ id: 'seccion-incompleta', title: 'Sección incompleta' });
    expect(toaster.isVisible('seccion-incompleta')).toBe(true);
    const again = toaster.create({ id: 'seccion-incompleta', title: 'Sección incompleta (2)' });
    expect(again).toBe(first);
    expect(shownTitles()).toEqual(['Sección incompleta (2)']);
  });

  it('gives every notification its own store id, so a successor never reuses a dismissed one', () => {
    const first = toaster.create({ id: 'aviso-repetido', title: 'Uno' });
    toaster.create({ title: 'Otro' });
    const second = toaster.create({ id: 'aviso-repetido', title: 'Dos' });
    expect(second).not.toBe(first);
    expect(toaster.isVisible('aviso-repetido')).toBe(true);
    expect(shownTitles()).toEqual(['Dos']);
  });
});
