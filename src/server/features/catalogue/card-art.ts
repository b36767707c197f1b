import type { Card } from '#shared/catalogue.ts';
import { getSet } from '#shared/sets.ts';

const TYPE_COLOURS: Record<string, [string, string]> = {
  Fire: ['#f06a4a', '#9c2a16'],
  Water: ['#4aa3e8', '#1a4f8a'],
  Grass: ['#5cbf60', '#21662a'],
  Lightning: ['#f7d038', '#a67c00'],
  Psychic: ['#b27ad6', '#5a2a80'],
  Fighting: ['#c9784a', '#6b3516'],
  Colorless: ['#d8d2c4', '#7d7666'],
  Trainer: ['#9fb0bf', '#46586a'],
  Energy: ['#e8b64f', '#8a5d10'],
};

const RARITY_MARK: Record<string, string> = {
  'Rare Holo': '★',
  Rare: '★',
  Uncommon: '◆',
  Common: '●',
};

/**
 * White text sits on a dark band over the type's colours: straight on a light frame (Lightning's yellow,
 * Colorless's grey) it would fall far below the 4.5:1 contrast that text needs.
 */
const TEXT_BAND = '#111827';
const TEXT_BAND_OPACITY = 0.6;

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** Generated art for a catalogue card: its name, number, set and rarity on a frame coloured by its type. */
export function renderCardArt(card: Card): string {
  const [light, dark] = TYPE_COLOURS[card.colour] ?? TYPE_COLOURS.Colorless!;
  const holo = card.rarityGroup === 'holo_rare';
  const name = escapeXml(card.name);
  const set = escapeXml(getSet(card.setId).name);
  const rarity = escapeXml(card.rarity);
  const mark = RARITY_MARK[card.rarity] ?? '●';
  const nameSize = card.name.length > 18 ? 15 : card.name.length > 12 ? 18 : 21;
  const initial = escapeXml(card.name.charAt(0));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="245" height="342" viewBox="0 0 245 342" role="img" aria-label="${name} ${escapeXml(card.number)} ${set}">
<defs>
<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${dark}"/></linearGradient>
<linearGradient id="sheen" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fff" stop-opacity="0"/><stop offset="0.45" stop-color="#fff" stop-opacity="${holo ? 0.55 : 0}"/><stop offset="0.55" stop-color="#9ff" stop-opacity="${holo ? 0.35 : 0}"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></linearGradient>
</defs>
<rect width="245" height="342" rx="14" fill="#f4d33d"/>
<rect x="10" y="10" width="225" height="322" rx="9" fill="url(#bg)"/>
<rect x="14" y="16" width="217" height="30" rx="5" fill="${TEXT_BAND}" fill-opacity="${TEXT_BAND_OPACITY}"/>
<text x="22" y="38" font-family="Helvetica, Arial, sans-serif" font-size="${nameSize}" font-weight="700" fill="#fff">${name}</text>
<rect x="22" y="50" width="201" height="150" rx="4" fill="#fff" fill-opacity="0.22" stroke="#fff" stroke-opacity="0.7" stroke-width="3"/>
<circle cx="122.5" cy="125" r="48" fill="#fff" fill-opacity="0.3"/>
<text x="122.5" y="143" text-anchor="middle" font-family="Georgia, serif" font-size="54" font-weight="700" fill="#fff" fill-opacity="0.9">${initial}</text>
<rect x="22" y="50" width="201" height="150" rx="4" fill="url(#sheen)"/>
<rect x="14" y="214" width="217" height="102" rx="5" fill="${TEXT_BAND}" fill-opacity="${TEXT_BAND_OPACITY}"/>
<text x="22" y="232" font-family="Helvetica, Arial, sans-serif" font-size="14" font-weight="600" fill="#fff">${escapeXml(card.supertype)}${card.colour !== card.supertype ? ` · ${escapeXml(card.colour)}` : ''}</text>
<text x="22" y="256" font-family="Helvetica, Arial, sans-serif" font-size="14" fill="#fff">${rarity} ${mark}</text>
<line x1="22" y1="280" x2="223" y2="280" stroke="#fff" stroke-opacity="0.6"/>
<text x="22" y="306" font-family="Helvetica, Arial, sans-serif" font-size="14" font-weight="700" fill="#fff">${set}</text>
<text x="223" y="306" text-anchor="end" font-family="Helvetica, Arial, sans-serif" font-size="14" font-weight="700" fill="#fff">${escapeXml(card.number)}</text>
</svg>`;
}
