import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifySchema, InjectOptions } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { type App, buildApp } from '#server/app.ts';
import type { Config } from '#server/env.ts';
import { makeAdmin, registerUser, type TestUser } from '../../helpers/auth.ts';
import { addItem } from '../../helpers/collection-factory.ts';
import { PSA_STAND_IN_TOKEN, type PsaStandIn, startPsaStandIn } from '../../helpers/psa-stand-in.ts';
import { testConfig } from '../../helpers/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../helpers/test-database.ts';
import { multipartBody, pngOf } from '../../helpers/upload.ts';

export interface RouteKey {
  method: string;
  url: string;
  schema?: FastifySchema | undefined;
}

/** Static files and the API documentation are not part of the contract under test. */
function isExcludedRoute(route: RouteKey): boolean {
  return route.method === 'HEAD' || route.url === '/api/docs' || route.url.startsWith('/api/docs/');
}

export interface SecurityApp {
  app: App;
  config: Config;
  database: TestDatabase;
  psa: PsaStandIn;
  /** Every METHOD + URL pattern the app registered, except the excluded ones. */
  routes: RouteKey[];
  collector: TestUser;
  other: TestUser;
  admin: TestUser;
  /** A collected card of `collector` that accepts offers. */
  collectorItemId: string;
  /** The URL of an image `collector` uploaded. */
  mediaUrl: string;
}

/** The app on a fresh database with a PSA stand-in, its route table, and three signed-in users. */
export function useSecurityApp(overrides: Partial<Config> = {}): SecurityApp {
  const holder = { routes: [] as RouteKey[] } as SecurityApp;
  beforeAll(async () => {
    holder.psa = await startPsaStandIn();
    holder.database = await createTestDatabase();
    holder.config = testConfig(holder.database, {
      psaApiBaseUrl: holder.psa.url,
      psaApiToken: PSA_STAND_IN_TOKEN,
      ...overrides,
    });
    const seen = new Set<string>();
    holder.app = await buildApp(holder.config, {
      database: holder.database.handle,
      logger: false,
      onRoute(route) {
        for (const method of [route.method].flat()) {
          const key = { method, url: route.url, schema: route.schema };
          if (isExcludedRoute(key) || seen.has(`${method} ${key.url}`)) continue;
          seen.add(`${method} ${key.url}`);
          holder.routes.push(key);
        }
      },
    });
    await holder.app.ready();

    holder.collector = await registerUser(holder.app);
    holder.other = await registerUser(holder.app);
    holder.admin = await makeAdmin(holder);
    holder.collectorItemId = (await addItem(holder.app, holder.collector)).id;
    const avatar = await multipartBody(await pngOf(40, 40), { filename: 'me.png', type: 'image/png' });
    const uploaded = await holder.app.inject({
      method: 'PUT',
      url: '/api/users/me/avatar',
      payload: avatar.payload,
      headers: { ...avatar.headers, cookie: holder.collector.cookie },
    });
    holder.mediaUrl = uploaded.json().profileImageUrl;
  });
  afterAll(async () => {
    await holder.app?.close();
    await holder.database?.drop();
    await holder.psa?.close();
  });
  return holder;
}

export interface Answer {
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
}

/**
 * Sends a request and returns its answer. The live stream never ends, so it is opened over a real socket
 * and closed as soon as its status and headers arrive.
 */
export async function send(app: App, options: InjectOptions & { url: string }): Promise<Answer> {
  if (options.url.split('?')[0] !== '/api/live') {
    const response = await app.inject(options);
    return { statusCode: response.statusCode, headers: response.headers, body: response.body };
  }
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        path: options.url,
        method: options.method ?? 'GET',
        headers: options.headers as http.OutgoingHttpHeaders,
      },
      (response) => {
        resolve({ statusCode: response.statusCode ?? 0, headers: response.headers, body: '' });
        request.destroy();
      },
    );
    request.on('error', reject);
    request.end();
  });
}
