// lib/secret-box.ts: webhook signing secrets sealed at rest (AES-256-GCM, the purpose bound in).
import { describe, expect, it } from 'vitest';
import { SecretBox, SecretBoxError } from '../../server/src/lib/secret-box.js';

const box = SecretBox.withKey('a key of at least thirty-two characters', 'webhook_secrets');
const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';

describe('SecretBox', () => {
  it('opens what it sealed; each sealing differs and hides the value', () => {
    const a = box.seal(secret);
    const b = box.seal(secret);
    expect(a).not.toBe(b);
    expect(a).not.toContain('MfKQ9r8G');
    expect(a.split('.')).toHaveLength(4);
    expect(box.open(a)).toBe(secret);
    expect(box.open(b)).toBe(secret);
    expect(box.open(box.seal(''))).toBe('');
  });

  it('refuses another key, another purpose, a changed value and what was never sealed', () => {
    const sealed = box.seal(secret);
    expect(() => SecretBox.withKey('another key of at least thirty-two chars', 'webhook_secrets').open(sealed)).toThrow(SecretBoxError);
    expect(() => SecretBox.withKey('a key of at least thirty-two characters', 'other_purpose').open(sealed)).toThrow(SecretBoxError);
    const [v, nonce, body, tag] = sealed.split('.');
    const flipped = `${body![0] === 'A' ? 'B' : 'A'}${body!.slice(1)}`;
    expect(() => box.open([v, nonce, flipped, tag].join('.'))).toThrow(SecretBoxError);
    expect(() => box.open([v, nonce, body, 'AAAAAAAAAAAAAAAAAAAAAA'].join('.'))).toThrow(SecretBoxError);
    for (const junk of [secret, '', 'v1', 'v1...', 'v2.a.b.c', `${sealed}.extra`]) expect(() => box.open(junk)).toThrow(SecretBoxError);
  });
});
