// What other features may use of security: they import it from here, never from its other modules.
export { browserName } from './browser-name.ts';
