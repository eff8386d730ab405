import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../../config';
import { logDelivery } from './log';
import type { CodeDelivery } from './types';
import { webhookDelivery } from './webhook';

/** The adapter OTP_DELIVERY names. */
export function createDelivery(config: Config, logger: FastifyBaseLogger): CodeDelivery {
  if (config.OTP_DELIVERY === 'webhook') {
    if (!config.OTP_WEBHOOK_URL) throw new Error('OTP_DELIVERY=webhook needs OTP_WEBHOOK_URL');
    return webhookDelivery(config.OTP_WEBHOOK_URL);
  }
  return logDelivery(logger);
}
