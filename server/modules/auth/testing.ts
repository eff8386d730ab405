/* What the sign-in code tests share: never-seen numbers and addresses, each call a new one. */

export type TestPhone = { phone_number: string; country_code: string; e164: string };

let serial = 0;

/** An Indian mobile number no test has used. */
export function newNumber(): TestPhone {
  serial += 1;
  const phone_number = `97${String(50_000_000 + serial).padStart(8, '0')}`;
  return { phone_number, country_code: '+91', e164: `+91${phone_number}` };
}

/** An address in a /24 of its own, as a botnet's requests come. */
export function addressOfItsOwn(): string {
  serial += 1;
  return `10.${100 + Math.floor(serial / 250)}.${serial % 250}.7`;
}
