import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/test-app.ts';
import { testDialect } from '../helpers/test-database.ts';

describe('API plumbing', () => {
  const t = useTestApp();

  it('reports liveness and readiness with the database dialect', async () => {
    expect((await t.app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', database: testDialect });
  });

  it('answers unknown API routes with the contract error body', async () => {
    const response = await t.app.inject('/api/no-such-thing');
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('not-found');
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/sets',
      headers: { 'content-type': 'application/json' },
      payload: '{"broken":',
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.json().error).toMatchObject({ code: expect.any(String), message: expect.any(String) });
  });

  it('sends a strict Content-Security-Policy and the usual security headers', async () => {
    const response = await t.app.inject('/api/sets');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
  });

  it('refuses an unsafe request from a foreign origin', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/sets',
      headers: { origin: 'https://evil.example', host: 'localhost:3000' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('forbidden');
  });

  it('publishes an OpenAPI document generated from the route schemas', async () => {
    const response = await t.app.inject('/api/docs/json');
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/sets', '/api/sets/{setId}/cards', '/readyz']),
    );
  });

  it('holds every schema its routes refer to, and lets null through every nullable list of values', async () => {
    const document = (await t.app.inject('/api/docs/json')).json();
    const refs: string[] = [];
    const nullableEnums: unknown[][] = [];
    const walk = (value: unknown): void => {
      if (value === null || typeof value !== 'object') return;
      const schema = value as { $ref?: unknown; nullable?: unknown; enum?: unknown };
      if (typeof schema.$ref === 'string') refs.push(schema.$ref);
      if (schema.nullable === true && Array.isArray(schema.enum)) nullableEnums.push(schema.enum);
      for (const entry of Object.values(value)) walk(entry);
    };
    walk(document);
    // Error answers refer to the error body; a sale's source is one of a list, or null.
    expect(refs).toContain('#/components/schemas/ErrorBody');
    expect(nullableEnums).toContainEqual(expect.arrayContaining(['ebay', null]));
    const held = new Set(
      Object.keys(document.components.schemas).map((name) => `#/components/schemas/${name}`),
    );
    expect(refs.filter((ref) => !held.has(ref))).toEqual([]);
    expect(nullableEnums.filter((values) => !values.includes(null))).toEqual([]);
  });
});

describe('compression', () => {
  const t = useTestApp();

  it('compresses JSON answers for clients that accept it, and only for them', async () => {
    const plain = await t.app.inject('/api/sets/base_set/cards');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const compressed = await t.app.inject({
      url: '/api/sets/base_set/cards',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(JSON.parse(zlib.brotliDecompressSync(compressed.rawPayload).toString())).toEqual(plain.json());
    expect(compressed.rawPayload.byteLength).toBeLessThan(plain.rawPayload.byteLength / 3);
  });
});
