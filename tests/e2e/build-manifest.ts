import fs from 'node:fs';
import path from 'node:path';

/** The URL path of the chunk the web build made of a source module (e.g. 'features/analysis/components/price-chart.tsx'). */
export function builtChunk(source: string): string {
  const manifestPath = path.resolve('dist/web/.vite/manifest.json');
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Record<string, { file: string }>;
  const chunk = manifest[source];
  if (!chunk) throw new Error(`The build has no separate chunk for ${source}`);
  return `/${chunk.file}`;
}
