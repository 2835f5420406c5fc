import { describe, expect, it } from 'vitest';
import { generateSessionToken, hashSecret, parseSessionToken, secretMatches } from './session-tokens';

describe('session tokens', () => {
  it('hashes a secret with SHA-256 over its UTF-8 bytes (stored hashes stay valid across implementations)', () => {
    // FIPS 180-2 test vector, and a 32-character base32 secret (the hash coreutils' sha256sum gives).
    expect(hashSecret('abc').toString('hex')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(hashSecret('abcdefghijklmnopqrstuvwxyz234567').toString('hex')).toBe('84cb29b2c78b393c0d30a90d5a9f670267d02d9ec3743fc1800acff8b03bac15');
  });

  it('generates `<id>.<secret>` tokens that parse back and whose secret matches its stored hash only', () => {
    const token = generateSessionToken();
    expect(parseSessionToken(token.token)).toEqual({ id: token.id, secret: token.secret });
    expect(secretMatches(token.secretHash, token.secret)).toBe(true);
    expect(secretMatches(token.secretHash, generateSessionToken().secret)).toBe(false);
  });

  it('refuses malformed tokens', () => {
    for (const bad of ['', 'a.b', `${'a'.repeat(32)}`, `${'a'.repeat(32)}.${'a'.repeat(32)}.x`, `${'A'.repeat(32)}.${'a'.repeat(32)}`]) {
      expect(parseSessionToken(bad)).toBeUndefined();
    }
  });
});
