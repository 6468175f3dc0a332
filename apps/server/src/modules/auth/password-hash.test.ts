import { hashPassword as betterAuthHash, verifyPassword as betterAuthVerify } from 'better-auth/crypto';
import { describe, expect, it } from 'vitest';
import { hashPassword, PASSWORD_HASH_SLOTS, verifyPassword, whileClientWaits } from './password-hash.ts';

describe('password hashes, a few at a time', () => {
  it("keep Better Auth's format both ways, so stored passwords still sign in", async () => {
    const ours = await hashPassword('Correct-horse-9');
    expect(await betterAuthVerify({ hash: ours, password: 'Correct-horse-9' })).toBe(true);
    const theirs = await betterAuthHash('Correct-horse-9');
    expect(await verifyPassword({ hash: theirs, password: 'Correct-horse-9' })).toBe(true);
    expect(await verifyPassword({ hash: theirs, password: 'Wrong-horse-9' })).toBe(false);
  });

  it('answer every one of many checks at once, each as if alone', async () => {
    const hash = await hashPassword('Correct-horse-9');
    const passwords = Array.from({ length: PASSWORD_HASH_SLOTS * 3 }, (_, i) => (i % 2 ? 'Correct-horse-9' : `Wrong-${i}`));
    const answers = await Promise.all(passwords.map((password) => verifyPassword({ hash, password })));
    expect(answers).toEqual(passwords.map((p) => p === 'Correct-horse-9'));
  });

  it('computes no hash for a sign-in whose client has gone before its turn, and still answers the others', async () => {
    const hash = await hashPassword('Correct-horse-9');
    const gone = new AbortController();
    // Enough checks ahead of it that it has to wait for a slot.
    const ahead = Array.from({ length: PASSWORD_HASH_SLOTS }, () => verifyPassword({ hash, password: 'Correct-horse-9' }));
    const abandoned = whileClientWaits(gone.signal, () => verifyPassword({ hash, password: 'Correct-horse-9' }));
    const after = verifyPassword({ hash, password: 'Correct-horse-9' });
    gone.abort();
    await expect(abandoned).rejects.toMatchObject({ statusCode: 503 });
    expect(await Promise.all([...ahead, after])).toEqual([...ahead.map(() => true), true]);
  });
});
