// What other features may use of passkeys: they import it from here, never from its other modules.
export { listPasskeys } from './passkeys.repository.ts';
