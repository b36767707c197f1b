// What other features may use of collections: they import it from here, never from its other modules.
export { asGradingCompany, asVariant, offeredItem } from './collections.service.ts';
