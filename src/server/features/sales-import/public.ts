// What other features may use of sales-import: they import it from here, never from its other modules.
export { importSalesFile } from './sales-import.service.ts';
