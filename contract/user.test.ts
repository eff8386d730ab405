import { describe, expect, it } from 'vitest';
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
