import type { Card, RarityGroup } from '#shared/catalogue.ts';
import type { SetId } from '#shared/sets.ts';

/**
 * How the market treats each card in 1st Edition: the price of a PSA 9 copy today (US dollars), how much
 * more a PSA 10 fetches, and how often copies change hands. Rough figures in the spirit of the real market;
 * demo data only needs the right shape (Charizard far above everything, holos above commons).
 */
export interface CardStanding {
  card: Card;
  psa9Dollars: number;
  /** PSA 10 price ÷ PSA 9 price. */
  gemPremium: number;
  /** Relative number of sales. */
  popularity: number;
}

const HOLOS: Record<SetId, Record<string, [psa9: number, gem: number]>> = {
  base_set: {
    Charizard: [42_000, 7.5],
    Blastoise: [7_500, 5],
    Venusaur: [6_000, 5],
    Mewtwo: [2_800, 5],
    Alakazam: [2_000, 4.5],
    Gyarados: [1_800, 4.5],
    Ninetales: [1_800, 4.5],
    Raichu: [1_800, 4.5],
    Zapdos: [1_600, 4.5],
    Nidoking: [1_500, 4.5],
    Chansey: [1_300, 4.5],
    Clefairy: [1_300, 4.5],
    Hitmonchan: [1_200, 4],
    Magneton: [1_200, 4],
    Poliwrath: [1_200, 4],
    // 1st Edition Machamp came in every 2-player starter deck, so it is plentiful.
    Machamp: [180, 3],
  },
  jungle_set: {
    Vaporeon: [360, 4.5],
    Jolteon: [330, 4.5],
    Flareon: [330, 4.5],
    Scyther: [320, 4.5],
    Snorlax: [320, 4.5],
    Pidgeot: [240, 4],
    'Mr. Mime': [230, 4],
    Vileplume: [210, 4],
    Wigglytuff: [200, 4],
    Clefable: [200, 4],
    Kangaskhan: [200, 4],
    Nidoqueen: [200, 4],
    Victreebel: [200, 4],
    Pinsir: [190, 4],
    Electrode: [180, 4],
    Venomoth: [180, 4],
  },
  fossil_set: {
    Gengar: [520, 4.5],
    Dragonite: [500, 4.5],
    Moltres: [380, 4.5],
    Zapdos: [380, 4.5],
    Articuno: [360, 4.5],
    Lapras: [330, 4],
    Aerodactyl: [300, 4],
    Raichu: [300, 4],
    Ditto: [280, 4],
    Kabutops: [260, 4],
    Haunter: [230, 4],
    Hitmonlee: [210, 4],
    Hypno: [210, 4],
    Magneton: [210, 4],
    Muk: [210, 4],
  },
};

/** Non-holo cards that sell above their rarity's usual price (by printed name). */
const NOTABLE: Record<SetId, Record<string, number>> = {
  base_set: {
    'Pikachu Red Cheeks': 1_600,
    Pikachu: 700,
    Charmander: 450,
    Dragonair: 450,
    Charmeleon: 320,
    Squirtle: 260,
    Bulbasaur: 220,
    Wartortle: 220,
    Magikarp: 180,
    Ivysaur: 160,
    Dratini: 150,
  },
  jungle_set: {
    Pikachu: 140,
    Vaporeon: 110,
    Scyther: 110,
    Jolteon: 100,
    Flareon: 100,
    Snorlax: 100,
    Eevee: 70,
  },
  fossil_set: { Gengar: 140, Dragonite: 130, Psyduck: 45 },
};

const USUAL_PSA9: Record<SetId, Record<Exclude<RarityGroup, 'holo_rare'>, number>> = {
  base_set: { rare: 350, uncommon: 140, common: 90, trainer: 110, energy: 60 },
  jungle_set: { rare: 70, uncommon: 35, common: 25, trainer: 30, energy: 25 },
  fossil_set: { rare: 75, uncommon: 35, common: 25, trainer: 30, energy: 25 },
};

const GROUP_POPULARITY: Record<RarityGroup, number> = {
  holo_rare: 5,
  rare: 2.2,
  uncommon: 1.1,
  common: 1,
  trainer: 0.8,
  energy: 0.5,
};

/** How much more often a Pokémon's cards sell than others of the same rarity. */
const FAME: Record<string, number> = {
  Charizard: 6,
  Blastoise: 3,
  Venusaur: 2.8,
  Mewtwo: 2.2,
  Pikachu: 2.2,
  'Pikachu Red Cheeks': 1.8,
  Charmander: 2,
  Gengar: 2,
  Dragonite: 2,
  Scyther: 1.6,
  Vaporeon: 1.5,
  Snorlax: 1.5,
  Squirtle: 1.5,
  Jolteon: 1.4,
  Flareon: 1.4,
  Gyarados: 1.4,
  Bulbasaur: 1.4,
  Ninetales: 1.3,
  Alakazam: 1.3,
  Zapdos: 1.3,
  Moltres: 1.3,
  Articuno: 1.3,
  Eevee: 1.3,
  Lapras: 1.2,
  Machamp: 0.8,
};

/** Base Set trainers carry their own rarity (Rare, Uncommon, Common), which moves their price. */
const TRAINER_RARITY_FACTOR: Record<string, number> = { Rare: 1.6, Uncommon: 1.1, Common: 1 };

export function cardStanding(card: Card): CardStanding {
  const fame = FAME[card.name] ?? 1;
  const popularity = GROUP_POPULARITY[card.rarityGroup] * fame;
  if (card.rarityGroup === 'holo_rare') {
    const [psa9Dollars, gemPremium] = HOLOS[card.setId][card.name] ?? [200, 4];
    return { card, psa9Dollars, gemPremium, popularity };
  }
  const usual = USUAL_PSA9[card.setId][card.rarityGroup];
  const trainerFactor = card.rarityGroup === 'trainer' ? (TRAINER_RARITY_FACTOR[card.rarity] ?? 1) : 1;
  const psa9Dollars = NOTABLE[card.setId][card.name] ?? usual * trainerFactor;
  return { card, psa9Dollars, gemPremium: card.rarityGroup === 'rare' ? 3.5 : 3, popularity };
}
