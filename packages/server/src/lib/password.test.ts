import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password.ts';

describe('argon2id password hashing', () => {
  it('verifies the right password only, with a fresh salt each time', async () => {
    const a = await hashPassword('clave-segura-ñ');
    const b = await hashPassword('clave-segura-ñ');
    expect(a).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword('clave-segura-ñ', a)).toBe(true);
    expect(await verifyPassword('clave-segura-n', a)).toBe(false);
  });

  it('rejects a malformed stored hash instead of throwing', async () => {
    expect(await verifyPassword('x', 'not-a-hash')).toBe(false);
    expect(await verifyPassword('x', '$argon2id$v=19$m=1,t=1,p=1$AAAA$')).toBe(false);
  });
});
