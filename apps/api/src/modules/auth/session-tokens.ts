import { createHash, timingSafeEqual } from 'node:crypto';
import { encodeBase32LowerCaseNoPadding } from '@oslojs/encoding';

/** 20 random bytes = 160 bits, above the 120-bit minimum of the Lucia guide and ASVS' 128. */
function randomPart(): string {
  const bytes = new Uint8Array(20);
  crypto.getRandomValues(bytes);
  return encodeBase32LowerCaseNoPadding(bytes);
}

export type NewSessionToken = { id: string; secret: string; secretHash: Buffer; token: string };

export function generateSessionToken(): NewSessionToken {
  const id = randomPart();
  const secret = randomPart();
  return { id, secret, secretHash: hashSecret(secret), token: `${id}.${secret}` };
}

/** SHA-256 of the secret's UTF-8 bytes, with Node's native hash (read on every authenticated request). */
export function hashSecret(secret: string): Buffer {
  return createHash('sha256').update(secret, 'utf8').digest();
}

const PART = /^[a-z2-7]{32}$/;

/** Splits `<id>.<secret>`; undefined for anything malformed. */
export function parseSessionToken(token: string): { id: string; secret: string } | undefined {
  const [id, secret, ...rest] = token.split('.');
  if (rest.length > 0 || !id || !secret || !PART.test(id) || !PART.test(secret)) return undefined;
  return { id, secret };
}

/** Constant-time comparison of the stored hash with the hash of the presented secret. */
export function secretMatches(storedHash: Buffer, secret: string): boolean {
  const presented = hashSecret(secret);
  return storedHash.length === presented.length && timingSafeEqual(storedHash, presented);
}
