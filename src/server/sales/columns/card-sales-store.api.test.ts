import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findCardByName } from '#shared/catalogue.ts';
import { daysAgo, saleRow, insertSales as seedSales } from '../../../../tests/helpers/sales-factory.ts';
import { createTestDatabase, type TestDatabase } from '../../../../tests/helpers/test-database.ts';
import type { DatabaseHandle } from '../../db/connect.ts';
import { writeSingleChange } from '../write/single-change.ts';
import { cardSalesStoreOf } from './card-sales-store.ts';

/** Large enough that its versions are made in recycled space. */
const SALES = 5000;
const venusaur = findCardByName('base_set', 'Venusaur')!;
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/**
 * The database with the answers of its reads held back from the caller, once `close` has been called,
 * until `open` is: the query itself runs and gives its connection back, as a slow answer would.
 */
function gated(handle: DatabaseHandle) {
  let gate: Promise<void> | undefined;
  let open = () => {};
  const held = <T extends object>(target: T): T =>
    new Proxy(target, {
      get(object, property) {
        const value = Reflect.get(object, property);
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          const result = value.apply(object, args);
          // Built queries run through `execute`, raw SQL through the executor's `executeQuery`.
          if (property === 'execute' || property === 'executeQuery') {
            return result.then(async (rows: unknown) => {
              await gate;
              return rows;
            });
          }
          const runs =
            result !== null &&
            typeof result === 'object' &&
            ('execute' in result || 'executeQuery' in result);
          return runs ? held(result) : result;
        };
      },
    });
  return {
    database: { ...handle, read: held(handle.read) },
    close() {
      gate = new Promise((resolve) => {
        open = resolve;
      });
    },
    open: () => open(),
  };
}

/** Stores one PSA 9 sale of Venusaur as a writer does: flagged, its columns handed to the store. */
async function storeASale(handle: DatabaseHandle, id: string, days: number) {
  const {
    id: _id,
    created_at: _createdAt,
    ...record
  } = saleRow({
    card_name: 'Venusaur',
    price_cents: 31_000,
    sold_at: daysAgo(days),
    source_ref: `store-test:${id}`,
  });
  expect(await writeSingleChange(handle, [record])).toEqual({ inserted: 1, duplicates: 0 });
}

describe('the card sales store', () => {
  let test: TestDatabase;

  beforeEach(async () => {
    test = await createTestDatabase();
    await seedSales(
      test.handle,
      Array.from({ length: SALES }, (_, index) => ({
        card_name: 'Venusaur',
        price_cents: 20_000 + ((index * 7919) % 30_000),
        sold_at: daysAgo(1 + ((index * 13) % 700)),
      })),
    );
  });
  afterEach(async () => {
    await test?.drop();
  });

  it('keeps the columns a look at the log started from intact while later changes replace them', async () => {
    const store = cardSalesStoreOf(test.handle);
    await store.salesOf(test.handle, venusaur);
    await storeASale(test.handle, 'first', 3);
    const held = await store.salesOf(test.handle, venusaur);
    const before = [...held.prices];

    // A look at the log from the held columns, whose answer arrives only after two more changes.
    const slow = gated(test.handle);
    slow.close();
    const late = store.salesOf(slow.database, venusaur);
    await nextTurn();
    await storeASale(test.handle, 'second', 4);
    await nextTurn();
    await storeASale(test.handle, 'third', 5);
    await nextTurn();
    slow.open();
    const columns = await late;

    // The look answers with the columns as they were when it started, or as they are now; never a mix.
    const latest = await store.salesOf(test.handle, venusaur);
    expect(latest.prices.length).toBe(SALES + 3);
    expect([before, [...latest.prices]]).toContainEqual([...columns.prices]);
  });
});
