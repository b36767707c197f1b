import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it, vi } from 'vitest';
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

/**
 * Opens /api/live and resolves once the server's connection comment has arrived: the server subscribes the
 * stream before writing it, so every event published after this resolves reaches the stream.
 */
function openStream(port: number, cookie?: string): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      { host: '127.0.0.1', port, path: '/api/live', headers: cookie ? { cookie } : {} },
      (response) => {
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toContain('text/event-stream');
        let received = '';
        let unread: { type: string; data: unknown }[] = [];
        let waiters: { type: string; resolve: (data: unknown) => void }[] = [];
        let connected = false;

        // Hands every unread event to a waiter for its type; an event that arrives first waits in `unread`.
        const deliver = () => {
          for (const waiter of [...waiters]) {
            const event = unread.find((candidate) => candidate.type === waiter.type);
            if (!event) continue;
            unread = unread.filter((candidate) => candidate !== event);
            waiters = waiters.filter((candidate) => candidate !== waiter);
            waiter.resolve(event.data);
          }
        };

        let pending = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          received += chunk;
          pending += chunk;
          const blocks = pending.split('\n\n');
          pending = blocks.pop() ?? '';
          for (const block of blocks) {
            const type = /^event: (.+)$/m.exec(block)?.[1];
            const data = /^data: (.+)$/m.exec(block)?.[1];
            if (type && data) unread.push({ type, data: JSON.parse(data) });
          }
          deliver();
          if (!connected && received.includes(': connected')) {
            connected = true;
            resolve(stream);
          }
        });

        const stream: Stream = {
          next: (type) =>
            new Promise((done, fail) => {
              waiters.push({ type, resolve: done });
              setTimeout(() => fail(new Error(`no ${type} event`)), 5000).unref();
              deliver();
            }),
          text: () => received,
          close: () => request.destroy(),
        };
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

    const body = await multipartBody(await pngOf(40, 40), { filename: 'a.png', type: 'image/png' });
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
    await vi.waitFor(() => expect(mine).toHaveLength(1), { timeout: 5000 });
    // Each listener hears its channel's events in commit order, so once the other schema's own later event
    // has arrived, ours would have arrived before it had it crossed over.
    await other.publish({ type: 'profile', userId: 'marker' });
    await vi.waitFor(() => expect(heard).toHaveLength(1), { timeout: 5000 });
    stop();
    await other.close();
    expect(heard).toEqual([{ type: 'profile', userId: 'marker' }]);
    expect(mine).toHaveLength(1);
  });

  it('ends open streams when the app closes, so shutdown is not held up', async () => {
    const port = await listening();
    const stream = await openStream(port);
    expect(stream.text()).toContain(': connected');
    const started = performance.now();
    await t.app.close();
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
