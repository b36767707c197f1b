// What other features may use of safety: they import it from here, never from its other modules.
export { blockBetween, countOpenOffersMade, findAccount, notBlockedBy } from './safety.repository.ts';
export { hasBlocked } from './safety.service.ts';
