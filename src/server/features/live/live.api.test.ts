import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createLiveBus } from '#server/live/create-live-bus.ts';
import type { LiveEvent } from '#server/live/live-bus.ts';
import { registerUser } from '../../../../tests/helpers/auth.ts';
import { useTestApp } from '../../../../tests/helpers/test-app.ts';
import { multipartBody, pngOf } from '../../../../tests/helpers/upload.ts';

interface Stream {
  /** Resolves with the next event of this type (its data parsed). */
  next(type: string): Promise<unknown>;
  text(): string;
  close(): void;
}

function openStream(port: number, cookie?: string): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      { host: '127.0.0.1', port, path: '/api/live', headers: cookie ? { cookie } : {} },
      (response) => {
        let buffer = '';
        let waiters: { type: string; resolve: (data: unknown) => void }[] = [];
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          buffer += chunk;
          for (const block of buffer.split('\n\n')) {
            const type = /^event: (.+)$/m.exec(block)?.[1];
            const data = /^data: (.+)$/m.exec(block)?.[1];
            const waiter = waiters.find((candidate) => candidate.type === type);
            if (waiter && data) {
              waiters = waiters.filter((candidate) => candidate !== waiter);
              buffer = buffer.replace(`${block}\n\n`, '');
              waiter.resolve(JSON.parse(data));
            }
          }
        });
        resolve({
          next: (type) =>
            new Promise((done, fail) => {
              waiters.push({ type, resolve: done });
              setTimeout(() => fail(new Error(`no ${type} event`)), 3000).unref();
            }),
          text: () => buffer,
          close: () => request.destroy(),
        });
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toContain('text/event-stream');
      },
    );
    request.on('error', reject);
  });
}

describe('live updates', () => {
  const t = useTestApp();

  async function listening(): Promise<number> {
    if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
    return (t.app.server.address() as AddressInfo).port;
  }

  it('tells every open page when a profile picture changes', async () => {
    const port = await listening();
    const owner = await registerUser(t.app);
    const visitorTab = await openStream(port);
    const ownerTab = await openStream(port, owner.cookie);
    // Wait for the connection comment, so both streams are subscribed before the change.
    await new Promise((resolve) => setTimeout(resolve, 100));

    const body = await multipartBody('file', await pngOf(40, 40), 'a.png', 'image/png');
    const upload = t.app.inject({
      method: 'PUT',
      url: '/api/users/me/avatar',
      payload: body.payload,
      headers: { ...body.headers, cookie: owner.cookie },
    });
    const [visitorEvent, ownerEvent, response] = await Promise.all([
      visitorTab.next('profile'),
      ownerTab.next('profile'),
      upload,
    ]);
    expect(response.statusCode).toBe(200);
    expect(visitorEvent).toEqual({ userId: owner.user.id });
    expect(ownerEvent).toEqual({ userId: owner.user.id });
    visitorTab.close();
    ownerTab.close();
  });

  it('sends an offer only to the pages of its parties', async () => {
    const port = await listening();
    const alice = await registerUser(t.app);
    const bob = await registerUser(t.app);
    const aliceTab = await openStream(port, alice.cookie);
    const bobTab = await openStream(port, bob.cookie);
    await new Promise((resolve) => setTimeout(resolve, 100));

    await t.app.context.live.publish({ type: 'offer', userId: alice.user.id, to: [alice.user.id] });
    await t.app.context.live.publish({ type: 'profile', userId: bob.user.id });
    expect(await aliceTab.next('offer')).toEqual({ userId: alice.user.id });
    await bobTab.next('profile');
    expect(bobTab.text()).not.toContain('event: offer');
    aliceTab.close();
    bobTab.close();
  });

  it("does not hear another database schema's events", async () => {
    const other = await createLiveBus({
      ...t.database.handle,
      schema: `${t.database.schema ?? 'main'}_other`,
    });
    const heard: LiveEvent[] = [];
    other.subscribe((event) => heard.push(event));
    const mine: LiveEvent[] = [];
    const stop = t.app.context.live.subscribe((event) => mine.push(event));
    await t.app.context.live.publish({ type: 'profile', userId: 'someone' });
    await new Promise((resolve) => setTimeout(resolve, 200));
    stop();
    await other.close();
    expect(mine).toHaveLength(1);
    expect(heard).toEqual([]);
  });

  it('ends open streams when the app closes, so shutdown is not held up', async () => {
    const port = await listening();
    const stream = await openStream(port);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(stream.text()).toContain(': connected');
    const started = performance.now();
    await t.app.close();
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
