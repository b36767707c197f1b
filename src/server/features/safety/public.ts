// What other features may use of safety: they import it from here, never from its other modules.
export { blockBetween, countOpenOffersMade, findAccount } from './safety.repository.ts';
export { hasBlocked } from './safety.service.ts';
