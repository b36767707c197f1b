import { once } from 'node:events';
import fs from 'node:fs';
import readline from 'node:readline';
import { parseTitle } from '#shared/titles/parse-title.ts';

const USAGE = `Usage: npm run parse-titles -- <file>

Reads one sold listing's title a line and writes one JSON object a line to stdout: the catalogue card, print,
grader and grade ({"setId", "cardId", "cardName", "variant", "grader", "grade"}), or why the title is refused
({"refused": reason, "rule": rule}). Blank lines are skipped. docs/data.md describes the rules.`;

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  if (args.includes('--help') || args.includes('-h')) {
    console.info(USAGE);
    return 0;
  }
  const [file] = args;
  if (args.length !== 1 || !file) {
    console.error(USAGE);
    return 2;
  }
  if (!fs.existsSync(file) || !fs.statSync(file).isFile()) {
    console.error(`No such file: ${file}`);
    return 1;
  }
  const lines = readline.createInterface({
    input: fs.createReadStream(file),
    crlfDelay: Number.POSITIVE_INFINITY,
  });
  try {
    for await (const line of lines) {
      if (!line.trim()) continue;
      if (!process.stdout.write(`${JSON.stringify(parseTitle(line))}\n`)) await once(process.stdout, 'drain');
    }
  } catch (error) {
    console.error(`Cannot read ${file}: ${(error as Error).message}`);
    return 1;
  }
  return 0;
}

process.exitCode = await main();
