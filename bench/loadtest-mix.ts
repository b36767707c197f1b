import type autocannon from 'autocannon';
import { allCards } from '#shared/catalogue.ts';

/** One kind of traffic: its own autocannon instance, so its latency is measured on its own. */
export interface RouteLoad {
  name: string;
  connections: number;
  method?: 'GET' | 'POST';
  /** Paths (or bodies, for POST) in turn; every connection walks the list from its own start. */
  paths: string[];
  bodies?: string[];
  /** 429 answers here are the rate limit doing its job, not errors. */
  limited?: boolean;
}

export interface MixInput {
  /** The cards with the most sales: [set, name as stored]. */
  topCards: [string, string][];
  collectors: number;
  demoSeed: number;
  logins: { email: string; password: string }[];
}

const SETS = ['base_set', 'jungle_set', 'fossil_set'];
const PREFIXES = ['cha', 'pi', 'mew', 'b', 'dra', 'ra', 'energy', 'non', 'sc', 'ma', 'z', 'ele', 'kab'];
const PERIODS = ['all', '30d', '90d'];

/** Spread over the range like real visitors: a fixed stride through it, so every run asks the same. */
function spread(count: number, range: number): number[] {
  const stride = 7919;
  return Array.from({ length: count }, (_, i) => ((i * stride) % range) + 1);
}

export function requestMix(input: MixInput): RouteLoad[] {
  const query = (set: string, card: string) => `set=${set}&card=${encodeURIComponent(card)}`;
  const analysis = input.topCards.flatMap(([set, card], i) => [
    `/api/sales/analysis?${query(set, card)}&period=${PERIODS[i % 3]}`,
    `/api/sales/analysis?${query(set, card)}&period=all&page=2`,
    `/api/sales/analysis?${query(set, card)}&period=all&grader=PSA&grade=${8 + (i % 3)}`,
  ]);
  const suggestions = PREFIXES.flatMap((q) => SETS.map((set) => `/api/suggestions?set=${set}&q=${q}`));
  const source = input.topCards.map(([set, card]) => `/api/collectors?${query(set, card)}`);
  const profiles = spread(400, input.collectors).flatMap((n) => {
    const id = `demo-${input.demoSeed}-${n}`;
    return [`/api/users/${id}`, `/api/users/${id}/collection`];
  });
  const cards = allCards();
  const galleries = [
    ...SETS.map((set) => `/api/sets/${set}/cards`),
    ...spread(60, cards.length).map((n) => `/card-images/${cards[n - 1]!.cardId}`),
  ];
  return [
    { name: 'analysis', connections: 8, paths: analysis },
    { name: 'suggestions', connections: 4, paths: suggestions },
    { name: 'Source', connections: 4, paths: source },
    { name: 'profiles', connections: 4, paths: profiles },
    { name: 'galleries', connections: 4, paths: galleries },
    {
      name: 'logins',
      connections: 2,
      method: 'POST',
      paths: ['/api/auth/login'],
      bodies: input.logins.map((login) => JSON.stringify(login)),
      limited: true,
    },
  ];
}

/** autocannon requests that walk the route's paths (or bodies), each connection starting elsewhere. */
export function requestsFor(route: RouteLoad): autocannon.Request[] {
  const variants = route.bodies ?? route.paths;
  let next = 0;
  return [
    {
      method: route.method ?? 'GET',
      setupRequest: (request) => {
        const index = next++ % variants.length;
        if (route.bodies) {
          return {
            ...request,
            path: route.paths[0]!,
            body: route.bodies[index]!,
            headers: { 'content-type': 'application/json' },
          };
        }
        return { ...request, path: route.paths[index]! };
      },
    },
  ];
}
