/** A one-time code on its way to a person. */
export interface CodeMessage {
  channel: 'sms' | 'email';
  /** E.164 phone number or e-mail address. */
  to: string;
  code: string;
  purpose: 'phone_sign_in' | 'email_verification';
  /** Minutes the code stays valid, for the message text. */
  validForMinutes: number;
}

/**
 * How codes reach people. An adapter throws when it could not hand the message over; the caller then answers
 * 502 and the code is not counted as sent.
 */
export interface CodeDelivery {
  readonly name: string;
  send(message: CodeMessage): Promise<void>;
}
