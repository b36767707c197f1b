// What other features may use of inquiries: they import it from here, never from its other modules.
export { listInquiries } from './inquiries.repository.ts';
