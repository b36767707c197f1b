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
 * other request until it ends; on PostgreSQL a batch's COPY text and the flags' large statements are made
 * on this thread too (docs/decisions/037-imports-take-turns.md).
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

/**
 * The items one by one, with a look at the clock (takeTurnWhenBusy) after each: for a stream whose chunks
 * are made as it is read, such as a batch's COPY text. Readable.from takes the items of a plain iterable
 * without a pause until its buffer is full, which made a whole batch's text in one go.
 */
export async function* takingTurns<T>(items: Iterable<T>): AsyncGenerator<T> {
  for (const item of items) {
    yield item;
    await takeTurnWhenBusy();
  }
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
