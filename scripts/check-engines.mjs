// Fails when an installed package asks for a Node.js that package.json does not promise: every version
// our `engines.node` range accepts must satisfy each installed package's own `engines.node`, so that
// `npm ci` prints no engine warning on any Node.js we say we run on. Part of `npm run lint`.
import fs from 'node:fs';
import path from 'node:path';
import semver from 'semver';

const declared = JSON.parse(fs.readFileSync('package.json', 'utf8')).engines.node;
const lock = JSON.parse(fs.readFileSync('package-lock.json', 'utf8'));

const refusing = [];
for (const location of Object.keys(lock.packages)) {
  // The lock also lists other platforms' optional binaries, which are not installed here.
  const manifest = path.join(location, 'package.json');
  if (!location || !fs.existsSync(manifest)) continue;
  const { name, version, engines } = JSON.parse(fs.readFileSync(manifest, 'utf8'));
  const wanted = engines?.node;
  // npm itself ignores a range it cannot read, so this check does too.
  if (typeof wanted !== 'string' || !semver.validRange(wanted)) continue;
  if (!semver.subset(declared, wanted)) refusing.push(`${name}@${version} wants Node.js ${wanted}`);
}

if (refusing.length > 0) {
  console.error(`package.json declares Node.js ${declared}, but:`);
  for (const line of refusing) console.error(`  ${line}`);
  console.error('Choose versions that run on the declared Node.js, or change the declared version.');
  process.exit(1);
}
console.info(`engines: every installed package runs on Node.js ${declared}`);
