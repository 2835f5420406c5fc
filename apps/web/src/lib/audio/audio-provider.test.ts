import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AudioProvider, useAudio } from './audio-provider';

function Probe() {
  const audio = useAudio();
  return createElement('span', null, audio.currentAudioId ?? 'nada');
}

describe('useAudio', () => {
  it('throws outside an AudioProvider (spec §8)', () => {
    expect(() => renderToString(createElement(Probe))).toThrow('useAudio debe usarse dentro de un AudioProvider');
  });

  it('gives the shared state inside one: nothing playing at first', () => {
    expect(renderToString(createElement(AudioProvider, null, createElement(Probe)))).toContain('nada');
  });
});
