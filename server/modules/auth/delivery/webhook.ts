import type { CodeDelivery } from './types';

/**
 * Hands each code to an HTTP endpoint of the shop's SMS/e-mail gateway: POST JSON
 * { channel, to, code, purpose, valid_for_minutes }; any 2xx is success. 5 s timeout.
 */
export function webhookDelivery(url: string, fetchImpl: typeof fetch = fetch): CodeDelivery {
  return {
    name: 'webhook',
    async send(message) {
      const response = await fetchImpl(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          channel: message.channel,
          to: message.to,
          code: message.code,
          purpose: message.purpose,
          valid_for_minutes: message.validForMinutes,
        }),
        signal: AbortSignal.timeout(5000),
      });
      if (!response.ok) throw new Error(`code webhook answered ${response.status}`);
    },
  };
}
