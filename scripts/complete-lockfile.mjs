// Adds lock entries for other platforms' optional binaries (Biome, Tailwind's oxide, …) that the registry
// mirror we install from does not serve, so `npm ci` accepts the lock file; npm skips them by os/cpu/libc on
// install without fetching them. Run after `npm install` changes the lock: `npm run lock:complete`.
import fs from 'node:fs';

const file = process.argv[2] ?? 'package-lock.json';
const lock = JSON.parse(fs.readFileSync(file, 'utf8'));
const packages = lock.packages;
const OS = [
  'android',
  'darwin',
  'freebsd',
  'linux',
  'win32',
  'openbsd',
  'netbsd',
  'sunos',
  'aix',
  'openharmony',
];
const CPU = ['arm64', 'x64', 'arm', 'ia32', 'wasm32', 'riscv64', 's390x', 'ppc64', 'loong64'];
let added = 0;
for (const [path, entry] of Object.entries(packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const nested = `${path ? `${path}/` : ''}node_modules/${name}`;
    if (packages[nested] || packages[`node_modules/${name}`]) continue;
    const parts = name.split('/').pop().split('-');
    const os = parts.find((p) => OS.includes(p));
    const cpu = parts.find((p) => CPU.includes(p));
    const libc = parts.includes('musl') ? ['musl'] : parts.includes('gnu') ? ['glibc'] : undefined;
    packages[`node_modules/${name}`] = {
      version: version.replace(/^[\^~]/, ''),
      ...(entry.dev ? { dev: true } : {}),
      optional: true,
      ...(os ? { os: [os] } : {}),
      ...(cpu ? { cpu: [cpu] } : {}),
      ...(libc ? { libc } : {}),
    };
    added++;
  }
}
fs.writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.info(`added ${added} platform entries`);
