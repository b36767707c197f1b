// What other features may use of slabs: they import it from here, never from its other modules.
export { recentGradeSales } from './slabs.repository.ts';
