// What other features may use of profiles: they import it from here, never from its other modules.
export { reputationColumns, toReputation } from './reputation.repository.ts';
