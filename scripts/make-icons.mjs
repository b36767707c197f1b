// `node scripts/make-icons.mjs`: the installed app's PNG icons (src/web/public/icons), drawn from the
// favicon's logo. Run again after the logo changes and commit the PNGs.
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const logo = fs.readFileSync(path.resolve('src/web/public/favicon.svg'));
const out = path.resolve('src/web/public/icons');
const INK = '#0f172a';
fs.mkdirSync(out, { recursive: true });

/** The round logo alone, its corners clear, for the browser's own frame around it. */
async function plain(size, name) {
  await sharp(logo, { density: (72 * size) / 32 })
    .resize(size, size)
    .png()
    .toFile(path.join(out, name));
}

/**
 * The logo on a full square of the app's ink colour, inside the middle 76 %: a phone cuts a maskable icon
 * into its own shape (a circle, a rounded square) and keeps at least the middle 80 %.
 */
async function onInk(size, name, share) {
  const inner = Math.round(size * share);
  const mark = await sharp(logo, { density: (72 * inner) / 32 })
    .resize(inner, inner)
    .png()
    .toBuffer();
  await sharp({ create: { width: size, height: size, channels: 4, background: INK } })
    .composite([{ input: mark, gravity: 'center' }])
    .png()
    .toFile(path.join(out, name));
}

await plain(192, 'icon-192.png');
await plain(512, 'icon-512.png');
await onInk(512, 'icon-maskable-512.png', 0.76);
// iOS puts the icon on the home screen as it is, rounding its corners itself: no clear corners.
await onInk(180, 'apple-touch-icon.png', 0.8);
