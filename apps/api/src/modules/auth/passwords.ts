import { hash, verify } from '@node-rs/argon2';

// Argon2id (the library's default algorithm) with OWASP's minimum: 19 MiB, 2 passes, 1 lane.
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** An argon2id PHC string for `password`. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

let dummy: Promise<string> | undefined;

/**
 * Checks `password` against `passwordHash`; with no hash (unknown account, or one without a
 * password) it verifies against a throw-away hash anyway, so the answer takes as long either way.
 */
export async function checkPassword(passwordHash: string | null | undefined, password: string): Promise<boolean> {
  if (!passwordHash) {
    dummy ??= hashPassword('crema-timing-equaliser');
    await verify(await dummy, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}
