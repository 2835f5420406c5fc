import { describe, expect, it } from 'vitest';
import {
  chooseRecordingType,
  elapsedLabel,
  elapsedSpoken,
  fileNameFor,
  formatClock,
  levelFromSamples,
  microphoneErrorMessage,
  reachedLimit,
} from './recording';

describe('the recorder’s pure parts', () => {
  it('formats the clock as m:ss and the elapsed time against 2:00', () => {
    expect([0, 5.9, 12, 60, 119.99, 120, -3, Number.NaN].map(formatClock)).toEqual(['0:00', '0:05', '0:12', '1:00', '1:59', '2:00', '0:00', '0:00']);
    expect(elapsedLabel(12)).toBe('0:12 / 2:00');
    expect(elapsedLabel(130)).toBe('2:00 / 2:00');
  });

  it('says the time in words for screen readers', () => {
    expect(elapsedSpoken(0)).toBe('0 segundos de 2 minutos');
    expect(elapsedSpoken(1)).toBe('1 segundo de 2 minutos');
    expect(elapsedSpoken(61)).toBe('1 minuto y 1 segundo de 2 minutos');
    expect(elapsedSpoken(120)).toBe('2 minutos de 2 minutos');
  });

  it('turns time-domain bytes into a 0-100 level: silence 0, a full-scale square wave 100, a quiet tone in between', () => {
    expect(levelFromSamples(new Uint8Array(256).fill(128))).toBe(0);
    expect(levelFromSamples([])).toBe(0);
    expect(levelFromSamples(Uint8Array.from({ length: 256 }, (_, i) => (i % 2 ? 0 : 256 - 1)))).toBeGreaterThanOrEqual(99);
    const quiet = Uint8Array.from({ length: 256 }, (_, i) => Math.round(128 + 10 * Math.sin(i / 4)));
    const loud = Uint8Array.from({ length: 256 }, (_, i) => Math.round(128 + 100 * Math.sin(i / 4)));
    expect(levelFromSamples(quiet)).toBeGreaterThan(0);
    expect(levelFromSamples(loud)).toBeGreaterThan(levelFromSamples(quiet));
    expect(levelFromSamples(loud)).toBeLessThanOrEqual(100);
  });

  it('stops at two minutes', () => {
    expect(reachedLimit(119.9)).toBe(false);
    expect(reachedLimit(120)).toBe(true);
  });

  it('picks the first type the browser records, lets it choose when none is listed, and knows when it cannot record', () => {
    expect(chooseRecordingType({ isTypeSupported: (t) => t === 'audio/mp4' })).toBe('audio/mp4');
    expect(chooseRecordingType({ isTypeSupported: () => true })).toBe('audio/webm;codecs=opus');
    expect(chooseRecordingType({ isTypeSupported: () => false })).toBe('');
    expect(chooseRecordingType(undefined)).toBeNull();
    expect([fileNameFor('audio/webm;codecs=opus'), fileNameFor('audio/ogg'), fileNameFor('audio/mp4;codecs=mp4a.40.2'), fileNameFor('')]).toEqual([
      'grabacion.webm',
      'grabacion.ogg',
      'grabacion.mp4',
      'grabacion.webm',
    ]);
  });

  it('explains each microphone failure in Spanish', () => {
    expect(microphoneErrorMessage({ name: 'NotAllowedError' })).toContain('No tienes permiso para usar el micrófono');
    expect(microphoneErrorMessage({ name: 'NotFoundError' })).toContain('No encontramos ningún micrófono');
    expect(microphoneErrorMessage({ name: 'NotReadableError' })).toContain('ocupado por otra aplicación');
    expect(microphoneErrorMessage(new Error('x'))).toContain('No se ha podido empezar a grabar');
  });
});
