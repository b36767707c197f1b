import type { Dialect } from '../connect.ts';

/** Column types that differ between the dialects; everything else is written once. */
export function columnTypes(dialect: Dialect) {
  const postgres = dialect === 'postgres';
  return {
    timestamp: postgres ? 'timestamptz' : 'text',
    date: postgres ? 'date' : 'text',
    boolean: postgres ? 'boolean' : 'integer',
    falseValue: postgres ? 'false' : '0',
  } as const;
}
