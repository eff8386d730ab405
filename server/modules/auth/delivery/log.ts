import type { FastifyBaseLogger } from 'fastify';
import type { CodeDelivery } from './types';

/**
 * Development delivery: the server logs the code (DESIGN.md §6). A production server refuses to start with it
 * unless OTP_ALLOW_LOG_IN_PRODUCTION=true (config.ts).
 */
export function logDelivery(logger: FastifyBaseLogger): CodeDelivery {
  return {
    name: 'log',
    async send(message) {
      logger.info(
        {
          otpDelivery: 'log',
          channel: message.channel,
          to: message.to,
          purpose: message.purpose,
          code: message.code,
        },
        `one-time code for ${message.to}: ${message.code}`,
      );
    },
  };
}
