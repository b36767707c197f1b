import type { DatabaseHandle } from './db/connect.ts';
import type { Config } from './env.ts';

/** What every feature needs, built once per app instance and passed to the feature plugins. */
export interface AppContext {
  config: Config;
  database: DatabaseHandle;
}
