/** The chat's first message, ready for the visitor to send or change. */
export const WHATSAPP_MESSAGE = 'Hello IBC Cricket, I have a question about your cricket kit and games.';

/** wa.me wants the number as digits with its country code, and the message URL-encoded in ?text=. */
export function whatsAppLink(number: string, message: string = WHATSAPP_MESSAGE): string {
  return `https://wa.me/${number.replace(/\D/g, '')}?text=${encodeURIComponent(message)}`;
}

/** "+91 90000 00000" for an Indian mobile; any other number as configured. */
export function displayNumber(number: string): string {
  const indian = /^\+91(\d{5})(\d{5})$/.exec(number.replace(/[\s-]/g, ''));
  return indian ? `+91 ${indian[1]} ${indian[2]}` : number;
}
