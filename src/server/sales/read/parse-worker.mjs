// A worker thread does not inherit the main thread's TypeScript loader, so it registers its own first.
import { register } from 'tsx/esm/api';

register();
await import('./parse-worker.ts');
