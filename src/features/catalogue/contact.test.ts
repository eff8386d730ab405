import { describe, expect, it } from 'vitest';
import { CONTACT_MESSAGES, parseContact } from './contact';

describe('parseContact (notify-me: an e-mail id or a mobile number with its country code)', () => {
  it('asks for something when empty', () => {
    expect(parseContact('  ', 'IN')).toEqual({ ok: false, message: CONTACT_MESSAGES.required });
  });
  it('takes a valid e-mail id, refuses a broken one', () => {
    expect(parseContact(' a@b.co ', 'IN')).toEqual({ ok: true, contact: { email: 'a@b.co' } });
    expect(parseContact('a@b', 'IN')).toEqual({ ok: false, message: 'Enter a valid email id' });
    // The server keeps at most 254 characters (RFC 5321); a longer one is refused here, under the field.
    const long = `${'a'.repeat(64)}@${'b'.repeat(62)}.${'c'.repeat(60)}.${'d'.repeat(63)}.com`;
    expect(long.length).toBeGreaterThan(254);
    expect(parseContact(long, 'IN')).toEqual({ ok: false, message: 'Enter a valid email id' });
    expect(parseContact('abc', 'US')).toEqual({ ok: false, message: 'Enter a valid email id' });
  });
  it('reads ten Indian digits starting 5 to 9 as +91 in India', () => {
    expect(parseContact('98765 43210', 'IN')).toEqual({
      ok: true,
      contact: { phone_number: '+919876543210' },
    });
    expect(parseContact('09876543210', 'IN')).toEqual({
      ok: true,
      contact: { phone_number: '+919876543210' },
    });
    expect(parseContact('4876543210', 'IN')).toMatchObject({ ok: false });
    expect(parseContact('+91 48765 43210', 'IN')).toMatchObject({ ok: false });
  });
  it('needs the country code elsewhere', () => {
    expect(parseContact('202 555 0143', 'US')).toEqual({ ok: false, message: CONTACT_MESSAGES.phone });
    expect(parseContact('+1 (202) 555-0143', 'US')).toEqual({
      ok: true,
      contact: { phone_number: '+12025550143' },
    });
    expect(parseContact('0044 20 7946 0958', 'GB')).toEqual({
      ok: true,
      contact: { phone_number: '+442079460958' },
    });
  });
});
