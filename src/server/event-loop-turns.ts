import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';
import { setImmediate } from 'node:timers/promises';

/**
 * How long this thread may work without letting the event loop take in other requests. SQLite answers
 * synchronously, so a long run of statements (an import's writes and flags) would otherwise hold every
 * other request until it ends (docs/decisions/037-imports-take-turns.md).
 */
const BUSY_MS = 20;

let workingSince = performance.now();

/**
 * Gives the event loop a turn when this thread has been at work for BUSY_MS since its last one; otherwise
 * returns at once. Loops of synchronous work call it between steps.
 */
export async function takeTurnWhenBusy(): Promise<void> {
  if (performance.now() - workingSince < BUSY_MS) return;
  await setImmediate();
  workingSince = performance.now();
}

/** Takes a turn (takeTurnWhenBusy) after each statement: for SQLite, whose statements never wait. */
export class TurnAfterStatements implements KyselyPlugin {
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    await takeTurnWhenBusy();
    return args.result;
  }
}
