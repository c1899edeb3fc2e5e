// Passwords are stored as argon2id hashes, at the cost the configuration names (PASSWORD_HASH_*):
// argon2's defaults (64 MiB, 3 passes, 4 lanes) unless an operator tunes them to the hardware, and
// never under OWASP's minimum for argon2id (19 MiB, 2 passes) outside the tests, whose thousands
// of sign-ups and sign-ins run with a cheap hash (NODE_ENV=test; config.ts refuses it elsewhere).
// A hash records its own cost, so a changed cost leaves every stored password verifiable.
import argon2 from 'argon2';

export interface PasswordHashCost {
  /** Memory per hash, in KiB. */
  memoryKib: number;
  /** Passes over the memory. */
  timeCost: number;
  /** Lanes computed in parallel. */
  parallelism: number;
}

export const DEFAULT_PASSWORD_HASH_COST: PasswordHashCost = { memoryKib: 65_536, timeCost: 3, parallelism: 4 };
/** OWASP's Password Storage Cheat Sheet, argon2id: m=19456 (19 MiB), t=2, p=1. */
export const MINIMUM_PASSWORD_HASH_COST = { memoryKib: 19_456, timeCost: 2 } as const;

export function hashPassword(password: string, cost: PasswordHashCost): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id, memoryCost: cost.memoryKib, timeCost: cost.timeCost, parallelism: cost.parallelism });
}

/** Whether `password` is the one `hash` was made from (at whatever cost it was made). */
export function verifyPassword(hash: string, password: string): Promise<boolean> {
  return argon2.verify(hash, password);
}
