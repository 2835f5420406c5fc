import { describe, expect, it, vi } from 'vitest';
import { audioReducer, createAudioRegistry, initialAudioState, playButton, type AudioEvent, type AudioState } from './audio-machine';

function run(events: AudioEvent[], from: AudioState = initialAudioState(240)): AudioState {
  return events.reduce(audioReducer, from);
}

describe('audio player state machine', () => {
  it('starts idle at 0 with the catalogue duration', () => {
    expect(initialAudioState(240)).toEqual({ status: 'idle', position: 0, duration: 240, buffering: false });
  });

  it('plays, pauses and resumes', () => {
    expect(run([{ type: 'PLAYING' }]).status).toBe('playing');
    expect(run([{ type: 'PLAYING' }, { type: 'PAUSED' }]).status).toBe('paused');
    expect(run([{ type: 'PLAYING' }, { type: 'PAUSED' }, { type: 'PLAYING' }]).status).toBe('playing');
  });

  it('ends with the position back at 0, even after the pause the element fires first', () => {
    const state = run([{ type: 'PLAYING' }, { type: 'TIME', position: 239.5 }, { type: 'PAUSED' }, { type: 'ENDED' }]);
    expect(state).toMatchObject({ status: 'ended', position: 0 });
    // and can be played again
    expect(audioReducer(state, { type: 'PLAYING' }).status).toBe('playing');
  });

  it('a pause that is not from playing changes nothing', () => {
    expect(run([{ type: 'PAUSED' }]).status).toBe('idle');
  });

  it('a load failure is final for the source and disables play', () => {
    const failed = run([{ type: 'PLAYING' }, { type: 'LOAD_FAILED' }]);
    expect(failed.status).toBe('error');
    expect(run([{ type: 'PLAYING' }, { type: 'TIME', position: 3 }], failed)).toBe(failed);
    expect(playButton(failed)).toEqual({ action: 'play', label: 'Audio no disponible', disabled: true });
    expect(audioReducer(failed, { type: 'SOURCE_CHANGED', duration: 180 })).toEqual(initialAudioState(180));
  });

  it('tracks position within the duration and takes the file duration', () => {
    expect(run([{ type: 'TIME', position: 12.5 }]).position).toBe(12.5);
    expect(run([{ type: 'TIME', position: 999 }]).position).toBe(240);
    expect(run([{ type: 'DURATION', duration: 241.2 }]).duration).toBe(241.2);
    expect(run([{ type: 'DURATION', duration: Number.POSITIVE_INFINITY }]).duration).toBe(240);
  });

  it('shows buffering only while playing', () => {
    expect(run([{ type: 'WAITING' }]).buffering).toBe(false);
    expect(run([{ type: 'PLAYING' }, { type: 'WAITING' }]).buffering).toBe(true);
    expect(run([{ type: 'PLAYING' }, { type: 'WAITING' }, { type: 'PLAYING' }]).buffering).toBe(false);
  });

  it('labels the button for each state', () => {
    expect(playButton(run([])).label).toBe('Reproducir');
    expect(playButton(run([{ type: 'PLAYING' }]))).toEqual({ action: 'pause', label: 'Pausar', disabled: false });
    expect(playButton(run([{ type: 'PLAYING' }, { type: 'PAUSED' }])).label).toBe('Continuar');
  });
});

/** A registry with two players registered: `a` plays audio "uno", `b` plays "dos". */
function twoPlayers() {
  const registry = createAudioRegistry();
  const a = { audioId: 'uno', pause: vi.fn() };
  const b = { audioId: 'dos', pause: vi.fn() };
  registry.register('a', a);
  registry.register('b', b);
  return { registry, a, b };
}

describe('one audio at a time (registry)', () => {
  it('marks the playing audio and pauses the previous one', () => {
    const { registry, a, b } = twoPlayers();
    const listener = vi.fn();
    registry.subscribe(listener);

    registry.started('a');
    expect(registry.getCurrent()).toEqual({ key: 'a', audioId: 'uno' });
    registry.started('b');
    expect(a.pause).toHaveBeenCalledTimes(1);
    expect(b.pause).not.toHaveBeenCalled();
    expect(registry.getCurrent()).toEqual({ key: 'b', audioId: 'dos' });
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('pausing the current audio clears the marker; pausing another does not', () => {
    const { registry } = twoPlayers();
    registry.started('a');
    registry.stopped('b');
    expect(registry.getCurrent()?.key).toBe('a');
    registry.stopped('a');
    expect(registry.getCurrent()).toBeNull();
  });

  it('pause-all pauses every player and clears the marker', () => {
    const { registry, a, b } = twoPlayers();
    registry.started('b');
    registry.pauseAll();
    expect(a.pause).toHaveBeenCalled();
    expect(b.pause).toHaveBeenCalled();
    expect(registry.getCurrent()).toBeNull();
  });

  it('unregistering the current player clears the marker; unknown keys are ignored', () => {
    const registry = createAudioRegistry();
    const unregister = registry.register('a', { audioId: 'uno', pause: vi.fn() });
    registry.started('zzz');
    expect(registry.getCurrent()).toBeNull();
    registry.started('a');
    unregister();
    expect(registry.getCurrent()).toBeNull();
  });
});
