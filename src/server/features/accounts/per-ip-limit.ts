import { AppError } from '../../errors.ts';
import { waitMessage } from './accounts.service.ts';

/** Requests per IP address per minute; failed sign-ins are also slowed per account and client (sign-in-throttle.ts). */
export const AUTH_RATE_LIMITS = { login: 30, register: 20, mailAndLinks: 30 } as const;

export function perIpLimit(max: number) {
  return {
    rateLimit: {
      max,
      timeWindow: 60_000,
      errorResponseBuilder: (_request: unknown, context: { ttl: number }) => {
        const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
        return new AppError(429, 'rate-limited', waitMessage(seconds));
      },
    },
  };
}
