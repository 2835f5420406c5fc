import { hash, verify } from '@node-rs/argon2';

/** OWASP's Argon2id minimum: 19 MiB, 2 iterations, 1 lane. `2` is Algorithm.Argon2id (a const enum). */
export const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export type PasswordHasher = {
  hash(password: string): Promise<string>;
  verify(passwordHash: string, password: string): Promise<boolean>;
  /** Spends the same time as a real verification, for unknown accounts (no enumeration by timing). */
  verifyDummy(password: string): Promise<false>;
};

export function createPasswordHasher(): PasswordHasher {
  let dummyHash: Promise<string> | undefined;
  const safeVerify = async (passwordHash: string, password: string) => {
    try {
      return await verify(passwordHash, password);
    } catch {
      return false;
    }
  };
  return {
    hash: (password) => hash(password, ARGON2_OPTIONS),
    verify: safeVerify,
    async verifyDummy(password) {
      dummyHash ??= hash('ascenso-dummy-password-for-timing', ARGON2_OPTIONS);
      await safeVerify(await dummyHash, password);
      return false;
    },
  };
}
