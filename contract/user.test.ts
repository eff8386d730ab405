import { afterEach, describe, expect, it, vi } from 'vitest';
import { signUpDetailsRequestSchema } from './user';

describe('sign-up details', () => {
  it('takes a name in any script, with its combining marks (spec §5: letters and spaces only)', () => {
    expect(signUpDetailsRequestSchema.safeParse({ name: 'आशा वर्मा' }).success).toBe(true);
    expect(signUpDetailsRequestSchema.safeParse({ name: 'Asha Verma' }).success).toBe(true);
  });

  it('refuses digits and punctuation in a name', () => {
    expect(signUpDetailsRequestSchema.safeParse({ name: 'Asha2' }).success).toBe(false);
    expect(signUpDetailsRequestSchema.safeParse({ name: 'Asha!' }).success).toBe(false);
  });
});

describe('bounds the database can hold', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('takes a date of birth from 1900 up to today (anywhere on Earth), never year 0000 or the future', () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2025-03-01T20:00:00Z') });
    const dob = (value: string) => signUpDetailsRequestSchema.safeParse({ name: 'Asha', dob: value }).success;
    expect(dob('1990-04-01')).toBe(true);
    expect(dob('1900-01-01')).toBe(true);
    // Already 2 March in Kiribati (UTC+14).
    expect(dob('2025-03-02')).toBe(true);
    expect(dob('2025-03-03')).toBe(false);
    expect(dob('0000-01-01')).toBe(false);
    expect(dob('1899-12-31')).toBe(false);
  });

  it('refuses an e-mail over 254 characters and a language tag over 35', () => {
    const long = `${'a'.repeat(245)}@example.in`;
    expect(signUpDetailsRequestSchema.safeParse({ name: 'Asha', email: long }).success).toBe(false);
    expect(signUpDetailsRequestSchema.safeParse({ name: 'Asha', language_preference: 'hi-IN' }).success).toBe(
      true,
    );
    expect(
      signUpDetailsRequestSchema.safeParse({
        name: 'Asha',
        language_preference: `en-${'abcdefgh-'.repeat(4)}x`,
      }).success,
    ).toBe(false);
  });
});
