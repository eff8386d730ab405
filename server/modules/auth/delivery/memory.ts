import type { CodeDelivery, CodeMessage } from './types';

/** Keeps the messages in memory: API tests read the codes from here (the adapter's local mode). */
export function memoryDelivery(): CodeDelivery & {
  messages: CodeMessage[];
  lastCodeFor(to: string): string | undefined;
} {
  const messages: CodeMessage[] = [];
  return {
    name: 'memory',
    messages,
    async send(message) {
      messages.push(message);
    },
    lastCodeFor(to) {
      return messages.filter((m) => m.to === to).at(-1)?.code;
    },
  };
}
