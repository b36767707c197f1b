import type { Insertable, Kysely, Transaction } from 'kysely';
import { allCards, type Card } from '#shared/catalogue.ts';
import { collectionItemId, GRADING_COMPANIES, VARIANTS } from '#shared/collection-rules.ts';
import { findCountry } from '#shared/countries.ts';
import { usernameKey } from '#shared/usernames.ts';
import type { DatabaseHandle } from '../../db/connect.ts';
import type { CollectionItemsTable, Database, UsersTable } from '../../db/schema.ts';
import { cardStanding } from './card-standing.ts';
import { insertDemoItems, insertDemoUsers } from './demo-data.repository.ts';
import { Random, WeightedPicker } from './prng.ts';

export interface DemoCollectorsOptions {
  collectors: number;
  items: number;
  seed: number;
  /** The generated history ends here; the same seed and `now` give the same rows. Default: today, 00:00 UTC. */
  now?: Date;
  onProgress?: (done: number, total: number) => void;
}

export interface DemoCollectorsResult {
  collectors: number;
  items: number;
  /** The card most copies of sit on Collected lists: the hardest Source search. */
  mostHeld: { setId: string; cardName: string; copies: number };
}

/**
 * An argon2id hash of a random secret nobody kept: demo collectors exist to be found, not to sign in, and
 * hashing a password per user would make 50,000 of them take minutes instead of seconds.
 */
const UNUSABLE_PASSWORD_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$O/bbJIJx7N7orvaPChXXVg$Chy+ImBus/DcKMb3z40odOj1MKizBoqy0QxetIKgB/I';

const USERS_PER_STATEMENT = 1000;
const ITEMS_PER_STATEMENT = 1500;
const STATEMENTS_PER_TRANSACTION = 20;
const YEAR_MS = 365 * 86_400_000;

const COUNTRY_WEIGHTS: [code: string, weight: number][] = [
  ['US', 40],
  ['GB', 10],
  ['CA', 8],
  ['DE', 6],
  ['AU', 6],
  ['JP', 6],
  ['FR', 4],
  ['NL', 3],
  ['IT', 3],
  ['ES', 3],
  ['SE', 2],
  ['MX', 2],
];
const ADJECTIVES = ['Holo', 'Mint', 'Gem', 'Shiny', 'Vintage', 'Graded', 'Rare', 'Misty', 'Lucky', 'Prime'];
const NOUNS = [
  'Trainer',
  'Collector',
  'Hunter',
  'Vault',
  'Binder',
  'Slab',
  'Pull',
  'Deck',
  'Master',
  'Scout',
];
const GRADE_WEIGHTS: [grade: number | null, weight: number][] = [
  [10, 14],
  [9, 32],
  [8, 22],
  [7, 10],
  [6, 5],
  [5, 3],
  [4, 2],
  [3, 1],
  [2, 0.5],
  [1, 0.5],
  [null, 10],
];

function pickWeighted<T>(random: Random, entries: [T, number][]): T {
  const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
  let target = random.next() * total;
  for (const [value, weight] of entries) {
    target -= weight;
    if (target < 0) return value;
  }
  return entries[entries.length - 1]![0];
}

function digits(random: Random, length: number): string {
  let text = String(1 + random.integer(9));
  while (text.length < length) text += String(random.integer(10));
  return text;
}

type DbBoolean = boolean | number;

function demoUser(
  random: Random,
  id: string,
  seed: number,
  index: number,
  now: number,
  bool: (v: boolean) => DbBoolean,
) {
  const code = pickWeighted(random, COUNTRY_WEIGHTS);
  const username = `${ADJECTIVES[random.integer(ADJECTIVES.length)]}${NOUNS[random.integer(NOUNS.length)]}${index + 1}`;
  const row: Insertable<UsersTable> = {
    id,
    email: `collector${index + 1}.seed${seed}@demo.holoscope.invalid`,
    username: seed === 1 ? username : `${username}s${seed}`,
    username_key: '',
    password_hash: UNUSABLE_PASSWORD_HASH,
    country: findCountry(code)?.name ?? code,
    country_code: code,
    is_admin: bool(false),
    created_at: new Date(now - YEAR_MS - random.integer(6 * YEAR_MS)).toISOString(),
    profile_image: null,
    banner_image: null,
  };
  row.username_key = usernameKey(row.username);
  return row;
}

function demoItem(
  random: Random,
  card: Card,
  userId: string,
  addedAt: number,
  bool: (v: boolean) => DbBoolean,
) {
  const collected = random.next() < 0.8;
  const grade = pickWeighted(random, GRADE_WEIGHTS);
  const company =
    grade === null
      ? null
      : pickWeighted(random, [
          [GRADING_COMPANIES[0], 70],
          [GRADING_COMPANIES[1], 20],
          [GRADING_COMPANIES[2], 10],
        ]);
  // Shadowless prints exist only in Base Set.
  const variants =
    card.setId === 'base_set' ? VARIANTS : VARIANTS.filter((variant) => variant !== 'Shadowless');
  const row: CollectionItemsTable = {
    id: collectionItemId(card.setId, card.number, addedAt),
    user_id: userId,
    list: collected ? 'collected' : 'wtb',
    set_id: card.setId,
    card_id: card.cardId,
    card_name: card.searchName,
    card_number: card.number,
    grade,
    grading_company: company,
    cert_number: collected && company ? digits(random, company === 'PSA' ? 8 : 10) : null,
    variant: variants[random.integer(variants.length)] ?? null,
    accepting_offers: bool(collected && random.next() < 0.35),
    added_at: new Date(addedAt).toISOString(),
  };
  return row;
}

/** Writes `count` generated rows, many per statement and several statements per transaction. */
async function inBatches<T>(
  db: Kysely<Database>,
  count: number,
  perStatement: number,
  makeRow: (index: number) => T,
  write: (trx: Transaction<Database>, rows: T[]) => Promise<unknown>,
  onDone: (done: number) => void,
): Promise<void> {
  const perTransaction = perStatement * STATEMENTS_PER_TRANSACTION;
  for (let start = 0; start < count; start += perTransaction) {
    const end = Math.min(count, start + perTransaction);
    await db.transaction().execute(async (trx) => {
      for (let from = start; from < end; from += perStatement) {
        const rows: T[] = [];
        for (let index = from; index < Math.min(end, from + perStatement); index++) rows.push(makeRow(index));
        await write(trx, rows);
      }
    });
    onDone(end);
  }
}

/**
 * Demo collectors and their lists, fast enough for benchmark sizes (50,000 collectors with 500,000 cards):
 * multi-row inserts in batched transactions, no per-user password hashing. Deterministic for a seed and
 * `now`, and running it again adds nothing. Cards are as popular as in the demo sales (Charizard leads),
 * and a few collectors hold many cards while most hold a handful. Meant for a database without real
 * accounts: one that took a demo username (`HoloTrainer12`) would leave that collector's cards ownerless,
 * and the load stops with a foreign-key error.
 */
export async function createDemoCollectors(
  database: DatabaseHandle,
  options: DemoCollectorsOptions,
): Promise<DemoCollectorsResult> {
  const { collectors, items, seed, onProgress } = options;
  if (collectors < 1 && items > 0) throw new Error('Demo cards need at least one collector');
  const now = (options.now ?? new Date(new Date().toISOString().slice(0, 10))).getTime();
  const bool =
    database.dialect === 'postgres' ? (value: boolean) => value : (value: boolean) => (value ? 1 : 0);
  const random = new Random(seed);
  const total = collectors + items;
  const userId = (index: number) => `demo-${seed}-${index + 1}`;

  const cards = new WeightedPicker(allCards(), (card) => cardStanding(card).popularity);
  // Each card gets its own slot of time, so timestamps (and with them the ids) never repeat.
  const slot = Math.max(1, Math.floor(YEAR_MS / Math.max(1, items)));
  const firstAdded = now - slot * items;
  const copies = new Map<string, number>();
  const makeItem = (index: number) => {
    const owner = userId(Math.floor(collectors * random.next() ** 1.5));
    const addedAt = firstAdded + index * slot + random.integer(slot);
    const row = demoItem(random, cards.pick(random), owner, addedAt, bool);
    if (row.list === 'collected') {
      const key = `${row.set_id}|${row.card_name}`;
      copies.set(key, (copies.get(key) ?? 0) + 1);
    }
    return row;
  };

  await inBatches(
    database.db,
    collectors,
    USERS_PER_STATEMENT,
    (index) => demoUser(random, userId(index), seed, index, now, bool),
    insertDemoUsers,
    (done) => onProgress?.(done, total),
  );
  await inBatches(database.db, items, ITEMS_PER_STATEMENT, makeItem, insertDemoItems, (done) =>
    onProgress?.(collectors + done, total),
  );

  let mostHeld = { setId: 'base_set', cardName: 'Charizard', copies: 0 };
  for (const [key, count] of copies) {
    if (count <= mostHeld.copies) continue;
    const [setId = '', cardName = ''] = key.split('|');
    mostHeld = { setId, cardName, copies: count };
  }
  return { collectors, items, mostHeld };
}
