// The cost of a password hash: argon2's defaults unless configured, never under OWASP's minimum
// for argon2id outside the tests, and a stored hash verifiable whatever the cost is now.
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/src/config.js';
import { DEFAULT_PASSWORD_HASH_COST, hashPassword, verifyPassword } from '../../server/src/lib/password-hash.js';

const CHEAP = { PASSWORD_HASH_MEMORY_KIB: '1024', PASSWORD_HASH_TIME_COST: '1', PASSWORD_HASH_PARALLELISM: '1' };

describe('the password hash cost', () => {
  it("is argon2's default (64 MiB, 3 passes, 4 lanes) unless configured", () => {
    expect(loadConfig({}).passwordHash).toEqual({ memoryKib: 65_536, timeCost: 3, parallelism: 4 });
    expect(DEFAULT_PASSWORD_HASH_COST).toEqual({ memoryKib: 65_536, timeCost: 3, parallelism: 4 });
    expect(loadConfig({ NODE_ENV: 'production', PASSWORD_HASH_MEMORY_KIB: '19456', PASSWORD_HASH_TIME_COST: '2', PASSWORD_HASH_PARALLELISM: '1' }).passwordHash).toEqual({
      memoryKib: 19_456,
      timeCost: 2,
      parallelism: 1,
    });
  });

  it("refuses a cost under OWASP's minimum for argon2id outside the tests", () => {
    for (const nodeEnv of ['production', 'development']) {
      expect(() => loadConfig({ NODE_ENV: nodeEnv, ...CHEAP })).toThrow(/PASSWORD_HASH_MEMORY_KIB: must be at least 19456 .*PASSWORD_HASH_TIME_COST: must be at least 2/);
      expect(() => loadConfig({ NODE_ENV: nodeEnv, PASSWORD_HASH_TIME_COST: '1' })).toThrow(/PASSWORD_HASH_TIME_COST: must be at least 2/);
      expect(() => loadConfig({ NODE_ENV: nodeEnv, PASSWORD_HASH_MEMORY_KIB: '19455' })).toThrow(/PASSWORD_HASH_MEMORY_KIB: must be at least 19456/);
    }
    expect(loadConfig({ NODE_ENV: 'test', ...CHEAP }).passwordHash).toEqual({ memoryKib: 1024, timeCost: 1, parallelism: 1 });
  });

  it('refuses what argon2 cannot do: less than 8 KiB a lane, no lanes, not a number', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', PASSWORD_HASH_MEMORY_KIB: '16', PASSWORD_HASH_PARALLELISM: '4' })).toThrow(/8 KiB per lane/);
    expect(() => loadConfig({ PASSWORD_HASH_PARALLELISM: '0' })).toThrow(/PASSWORD_HASH_PARALLELISM/);
    expect(() => loadConfig({ PASSWORD_HASH_MEMORY_KIB: 'lots' })).toThrow(/PASSWORD_HASH_MEMORY_KIB/);
  });

  it('hashes with argon2id at that cost; a hash made at another cost still verifies', async () => {
    const cheap = await hashPassword('Str0ng!Passw0rd', { memoryKib: 1024, timeCost: 1, parallelism: 1 });
    expect(cheap).toMatch(/^\$argon2id\$v=19\$m=1024,p=1,t=1\$/);
    const strong = await hashPassword('Str0ng!Passw0rd', { memoryKib: 19_456, timeCost: 2, parallelism: 1 });
    expect(strong).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    expect(await verifyPassword(cheap, 'Str0ng!Passw0rd')).toBe(true);
    expect(await verifyPassword(strong, 'Str0ng!Passw0rd')).toBe(true);
    expect(await verifyPassword(strong, 'Str0ng!Passw0rd ')).toBe(false);
  });
});
