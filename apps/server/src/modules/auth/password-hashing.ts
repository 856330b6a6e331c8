/**
 * Password hashing with Argon2id at OWASP's recommended minimum (Password Storage Cheat Sheet:
 * m=19 MiB, t=2, p=1). The library encodes the parameters in each hash, so raising them later still
 * verifies old hashes.
 */
import { hash, verify } from '@node-rs/argon2';

const ARGON2ID = 2;
const OWASP_PARAMETERS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OWASP_PARAMETERS);
}

/** False for a wrong password and for a malformed stored hash; never throws on those. */
export async function verifyPassword({ hash: stored, password }: { hash: string; password: string }) {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}
