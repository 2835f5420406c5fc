/**
 * A mono 16-bit PCM WAV of a 440 Hz tone: a real recording for the voice entry's tests (the API's upload checks
 * and Chromium's fake microphone, `--use-file-for-fake-audio-capture`), made on the spot instead of checked in.
 */
export function toneWav(seconds: number, options: { rate?: number; amplitude?: number } = {}): Buffer {
  const rate = options.rate ?? 8_000;
  const amplitude = options.amplitude ?? 10_000;
  const samples = Math.round(seconds * rate);
  const b = Buffer.alloc(44 + samples * 2);
  b.write('RIFF', 0, 'ascii');
  b.writeUInt32LE(36 + samples * 2, 4);
  b.write('WAVEfmt ', 8, 'ascii');
  b.writeUInt32LE(16, 16); // fmt chunk size
  b.writeUInt16LE(1, 20); // PCM
  b.writeUInt16LE(1, 22); // mono
  b.writeUInt32LE(rate, 24);
  b.writeUInt32LE(rate * 2, 28); // bytes per second
  b.writeUInt16LE(2, 32); // block align
  b.writeUInt16LE(16, 34); // bits per sample
  b.write('data', 36, 'ascii');
  b.writeUInt32LE(samples * 2, 40);
  for (let i = 0; i < samples; i += 1) b.writeInt16LE(Math.round(Math.sin((2 * Math.PI * 440 * i) / rate) * amplitude), 44 + i * 2);
  return b;
}
