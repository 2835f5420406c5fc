import { DomainError } from '@ascenso/domain/errors';
import { parseBuffer } from 'music-metadata';
import { Decoder, Reader } from 'ts-ebml';
import { VOICE_LIMITS } from './voice-config';

/**
 * What an uploaded recording is, from its own bytes (never from the declared type alone), and how long
 * it lasts, from its container (decision 030):
 * - WebM (Chrome and Firefox's MediaRecorder): ts-ebml reads the clusters; MediaRecorder writes no
 *   duration header, so the length is the last block's timestamp (cluster timestamp + block offset).
 * - WAV, Ogg, MP3, MP4: music-metadata (`duration: true` reads the whole file when the header is not enough).
 *   A fragmented MP4 (Safari's MediaRecorder) reports only its first fragment: there the 10 MB bound is what holds.
 * All of it happens on the Buffer in memory; nothing is written anywhere.
 */

export type AudioFamily = 'webm' | 'ogg' | 'mp4' | 'mpeg' | 'wav';

/** The declared types accepted (parameters such as `;codecs=opus` are ignored) and the container each must be. */
export const ACCEPTED_AUDIO_TYPES: Readonly<Record<string, AudioFamily>> = {
  'audio/webm': 'webm',
  'audio/ogg': 'ogg',
  'audio/mp4': 'mp4',
  'audio/mpeg': 'mpeg',
  'audio/wav': 'wav',
  'audio/x-wav': 'wav',
};

export type InspectedAudio = { family: AudioFamily; type: string; seconds: number };

const WRONG_TYPE = 'El archivo no es un audio admitido. Graba de nuevo o usa WebM, Ogg, MP4, MP3 o WAV.';
const CORRUPT = 'No se ha podido leer el audio: el archivo está dañado o incompleto. Graba de nuevo.';
const EMPTY = 'El audio está vacío. Graba de nuevo.';

function invalid(message: string, reason: string): DomainError {
  return new DomainError('VALIDATION', message, { field: 'audio', reason });
}

/** The declared type without parameters, lower case ('' when none). */
export function baseType(declared: string): string {
  return (declared.split(';')[0] ?? '').trim().toLowerCase();
}

/** The container the first bytes show, by their magic numbers; null for anything else. */
export function sniffFamily(bytes: Uint8Array): AudioFamily | null {
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes.length >= 4 && bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3) return 'webm';
  if (ascii(0, 4) === 'OggS') return 'ogg';
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WAVE') return 'wav';
  if (ascii(4, 8) === 'ftyp') return 'mp4';
  if (ascii(0, 3) === 'ID3') return 'mpeg';
  // An MPEG audio frame header: 11 sync bits, a known version and a layer.
  if (bytes.length >= 2 && bytes[0] === 0xff && ((bytes[1] ?? 0) & 0xe0) === 0xe0 && ((bytes[1] ?? 0) & 0x06) !== 0) return 'mpeg';
  return null;
}

const WEBM_SLICE_BYTES = 64 * 1024;
/** Two minutes of Opus at one 10 ms frame per block are 12 000 blocks; MediaRecorder writes one per 20 ms. */
const MAX_WEBM_ELEMENTS = 60_000;

/** Seconds of a WebM recording: the last block's time; throws on anything that is not a WebM audio stream. */
function webmSeconds(bytes: Uint8Array): number {
  const decoder = new Decoder();
  const reader = new Reader();
  reader.logging = false;
  reader.drop_default_duration = false;
  let docType: unknown;
  let audioTrack = false;
  let blocks = 0;
  let segments = 0;
  // Decoded in slices, so that a file of tiny elements stops at MAX_WEBM_ELEMENTS instead of building millions of objects.
  const elements: ReturnType<Decoder['decode']> = [];
  for (let at = 0; at < bytes.length; at += WEBM_SLICE_BYTES) {
    const slice = bytes.slice(at, at + WEBM_SLICE_BYTES).buffer as ArrayBuffer;
    for (const element of decoder.decode(slice)) {
      elements.push(element);
      if (elements.length > MAX_WEBM_ELEMENTS) throw invalid(CORRUPT, 'too-many-elements');
    }
  }
  for (const element of elements) {
    // Bytes that are no Matroska element, or a second segment: not one MediaRecorder recording.
    if (element.name === 'unknown') throw invalid(CORRUPT, 'corrupt');
    if (element.name === 'Segment' && !('isEnd' in element && element.isEnd)) segments += 1;
    const value = 'value' in element ? element.value : undefined;
    if (element.name === 'DocType') docType = value;
    if (element.name === 'TrackType' && value === 2) audioTrack = true;
    if (element.name === 'SimpleBlock' || element.name === 'Block') blocks += 1;
  }
  if (docType !== 'webm' || !audioTrack || segments !== 1) throw invalid(WRONG_TYPE, 'container');
  if (blocks === 0) throw invalid(EMPTY, 'empty');
  for (const element of elements) reader.read(element);
  reader.stop();
  return (reader.duration * reader.timestampScale) / 1e9;
}

async function otherSeconds(bytes: Uint8Array): Promise<number> {
  const metadata = await parseBuffer(bytes, undefined, { duration: true, skipCovers: true, skipPostHeaders: true });
  if (!metadata.format.hasAudio && metadata.format.hasAudio !== undefined) throw invalid(WRONG_TYPE, 'container');
  const seconds = metadata.format.duration;
  if (seconds === undefined || !Number.isFinite(seconds) || seconds < 0) throw invalid(CORRUPT, 'corrupt');
  if (seconds === 0) throw invalid(EMPTY, 'empty');
  return seconds;
}

/**
 * Checks a recording: an accepted declared type, the same container in its bytes, readable, not
 * empty, at most VOICE_LIMITS.maxSeconds long. Throws a VALIDATION DomainError (400) with the reason.
 */
export async function inspectAudio(bytes: Uint8Array, declaredType: string): Promise<InspectedAudio> {
  const type = baseType(declaredType);
  const declared = ACCEPTED_AUDIO_TYPES[type];
  if (!declared) throw invalid(WRONG_TYPE, 'type');
  if (bytes.length === 0) throw invalid(EMPTY, 'empty');
  const family = sniffFamily(bytes);
  if (family === null) throw invalid(WRONG_TYPE, 'content');
  if (family !== declared) throw invalid(WRONG_TYPE, 'mismatch');
  let seconds: number;
  try {
    seconds = family === 'webm' ? webmSeconds(bytes) : await otherSeconds(bytes);
  } catch (error) {
    if (error instanceof DomainError) throw error;
    throw invalid(CORRUPT, 'corrupt');
  }
  if (!Number.isFinite(seconds)) throw invalid(CORRUPT, 'corrupt');
  if (seconds > VOICE_LIMITS.maxSeconds) {
    const total = Math.round(seconds);
    const minutes = Math.floor(total / 60);
    const rest = total % 60;
    throw invalid(
      `El audio dura más de 2 minutos (${minutes}:${String(rest).padStart(2, '0')}). Graba un mensaje más corto o escríbelo en su lugar.`,
      'too-long',
    );
  }
  return { family, type, seconds };
}
