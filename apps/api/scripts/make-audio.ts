/**
 * Voices the Audio Ascenso scripts (packages/domain/src/meditations.ts) into apps/api/assets/audio.
 * Needs Debian's espeak-ng, sox and opus-tools; the results are committed, so nothing else needs them.
 *   pnpm --filter @ascenso/api make-audio            # every audio missing from the folder
 *   pnpm --filter @ascenso/api make-audio -- --force # all of them again
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MEDITATIONS } from '@ascenso/domain/meditations';

const outDir = resolve(dirname(fileURLToPath(import.meta.url)), '../assets/audio');
const force = process.argv.includes('--force');
const RATE = '22050';
const LEAD_IN = 2;

const run = (cmd: string, args: string[]) =>
  execFileSync(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] })
    .toString()
    .trim();
const duration = (file: string) => Number(run('soxi', ['-D', file]));

for (const meditation of MEDITATIONS) {
  const target = join(outDir, `${meditation.id}.opus`);
  if (existsSync(target) && !force) continue;
  const work = mkdtempSync(join(tmpdir(), `audio-${meditation.id}-`));
  try {
    const pieces: string[] = [];
    meditation.segments.forEach((segment, index) => {
      const raw = join(work, `seg-${index}.wav`);
      const padded = join(work, `seg-${index}-p.wav`);
      run('espeak-ng', ['-v', 'es+f3', '-s', '125', '-p', '38', '-a', '120', '-w', raw, segment.say]);
      run('sox', [raw, '-r', RATE, '-c', '1', padded, 'pad', '0', String(segment.pause)]);
      pieces.push(padded);
    });
    const speech = join(work, 'speech.wav');
    run('sox', [...pieces, speech]);
    const spoken = duration(speech);
    const tail = meditation.durationSeconds - LEAD_IN - spoken;
    if (tail < 2)
      throw new Error(
        `${meditation.id}: ${spoken.toFixed(1)} s of script do not fit in ${meditation.durationSeconds} s`,
      );
    const voice = join(work, 'voice.wav');
    run('sox', [speech, voice, 'pad', String(LEAD_IN), tail.toFixed(3)]);
    const seconds = String(meditation.durationSeconds);
    const bed = join(work, 'bed.wav');
    run('sox', [
      '-n',
      '-r',
      RATE,
      '-c',
      '1',
      bed,
      'synth',
      seconds,
      'brownnoise',
      'vol',
      '0.05',
      'lowpass',
      '320',
      'fade',
      'q',
      '4',
      seconds,
      '6',
    ]);
    const drone = join(work, 'drone.wav');
    run('sox', [
      '-n',
      '-r',
      RATE,
      '-c',
      '1',
      drone,
      'synth',
      seconds,
      'sine',
      '110',
      'sine',
      '164.8',
      'vol',
      '0.012',
      'tremolo',
      '0.1',
      '40',
      'fade',
      'q',
      '6',
      seconds,
      '8',
    ]);
    const mix = join(work, 'mix.wav');
    run('sox', [
      '-m',
      '-v',
      '1.0',
      voice,
      '-v',
      '0.8',
      bed,
      '-v',
      '0.8',
      drone,
      mix,
      'trim',
      '0',
      seconds,
      'norm',
      '-3',
    ]);
    run('opusenc', [
      '--quiet',
      '--bitrate',
      '20',
      '--title',
      meditation.title,
      '--artist',
      'Audio Ascenso',
      mix,
      target,
    ]);
    console.log(
      `${meditation.id}: ${meditation.durationSeconds} s (${spoken.toFixed(0)} s spoken), ${statSync(target).size} bytes`,
    );
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
