import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.ts';
import { expireDueOffers } from './offers.service.ts';

/** Offers expire within this long of their seventh day; the sweep is one indexed update. */
const SWEEP_EVERY_MS = 60_000;

/**
 * Expires overdue offers now and every minute until the returned function is called, in every instance
 * (the update lets each offer expire once). Until the sweep reaches an overdue offer, no party can act on
 * it: every change checks the deadline itself. A failed sweep waits for the next.
 */
export function startOfferExpiry(
  context: Pick<AppContext, 'database' | 'live' | 'notifications'>,
  log: FastifyBaseLogger,
): () => void {
  const sweep = () => {
    expireDueOffers(context).catch((error: unknown) => {
      log.warn({ err: error }, 'overdue offers could not be expired; trying again in a minute');
    });
  };
  sweep();
  const timer = setInterval(sweep, SWEEP_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
