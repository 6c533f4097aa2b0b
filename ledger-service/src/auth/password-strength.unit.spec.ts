import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generatePassword } from './password-hashing.js';
import { assessNewPassword } from './password-strength.js';

const owner = { email: 'desk-42@example.com', name: 'Tessa Trader' };

describe('new password policy', () => {
  it.each([
    ['a repeated letter', 'aaaaaaaaaaaa', 'Password is too easy to guess. Repeated characters like "aaa" are easy to guess.'],
    ['a repeated common word', 'passwordpassword', 'Password is too easy to guess. Repeated character patterns like "abcabcabc" are easy to guess.'],
    ['a common password with digits', 'Password1234', 'Password is too easy to guess. This is similar to a commonly used password.'],
    ['the email itself', 'desk-42@example.com', 'Password must not contain your email address'],
    ['the email in other case, with a suffix', 'DESK-42@example.com!!2026', 'Password must not contain your email address'],
    ['the name', 'Tessa Trader 1999!', 'Password must not contain your name'],
    ['too short', 'x7#Lq9', 'Password must be at least 12 characters'],
  ])('refuses %s, saying why', (_, password, reason) => {
    expect(assessNewPassword(password, owner)).toMatchObject({ acceptable: false, reason });
  });

  it('accepts a long passphrase and a random string', () => {
    expect(assessNewPassword('velvet-harbour-quartz-71', owner)).toMatchObject({ acceptable: true, reason: null });
    expect(assessNewPassword('Xk3_9aQ-vLm2pR7tYw8z', owner).acceptable).toBe(true);
  });

  it('judges a very long password quickly (only its first characters are estimated)', () => {
    const started = performance.now();
    expect(assessNewPassword('a'.repeat(1024), owner).acceptable).toBe(false);
    expect(assessNewPassword(`velvet-harbour-quartz-71${'z'.repeat(1000)}`, owner).acceptable).toBe(true);
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it('the random passwords of the first admin and the demo users always pass the policy for their owner', () => {
    fc.assert(
      fc.property(fc.emailAddress(), fc.string({ minLength: 1, maxLength: 60 }), (email, name) => {
        const password = generatePassword({ email, name });
        return assessNewPassword(password, { email, name }).acceptable;
      }),
      { numRuns: 40 },
    );
  });
});
