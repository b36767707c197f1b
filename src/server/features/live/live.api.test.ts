import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it, vi } from 'vitest';
import { createLiveBus } from '#server/live/create-live-bus.ts';
import type { LiveEvent } from '#server/live/live-bus.ts';
import { loginUser, registerUser, someIp } from '../../../../tests/helpers/auth.ts';
import { useTestApp } from '../../../../tests/helpers/test-app.ts';
import { multipartBody, pngOf } from '../../../../tests/helpers/upload.ts';
import { sessionIdOf } from '../accounts/sessions.ts';
import { MAX_STREAMS_PER_ACCOUNT, MAX_STREAMS_PER_ADDRESS } from './stream-caps.ts';

interface Stream {
  /** Resolves with the next event of this type (its data parsed). */
  next(type: string): Promise<unknown>;
  text(): string;
  /** Whether the server has ended the stream. */
  isEnded(): boolean;
  /** Resolves when the server ends the stream; fails after a while if it does not. */
  ended(): Promise<void>;
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

        let ended = false;
        const endWaiters: (() => void)[] = [];
        response.once('end', () => {
          ended = true;
          for (const waiter of endWaiters) waiter();
        });

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
          isEnded: () => ended,
          ended: () =>
            new Promise((done, fail) => {
              if (ended) return done();
              endWaiters.push(done);
              setTimeout(() => fail(new Error('the stream did not end')), 10_000).unref();
            }),
          close: () => request.destroy(),
        };
      },
    );
    request.on('error', reject);
  });
}

interface Attempt {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The whole answer, for one that is not a stream. */
  body(): Promise<string>;
  close(): void;
}

/** Asks for /api/live and resolves when the answer's status arrives, whatever it is. */
function askForStream(port: number, cookie?: string): Promise<Attempt> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      { host: '127.0.0.1', port, path: '/api/live', headers: cookie ? { cookie } : {} },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          text += chunk;
        });
        const complete = new Promise<string>((done) => response.once('end', () => done(text)));
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: () => complete,
          close: () => request.destroy(),
        });
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

  it('sends the security headers every answer has, and the stream its own', async () => {
    const attempt = await askForStream(await listening());
    try {
      expect(attempt.status).toBe(200);
      expect(attempt.headers).toMatchObject({
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'SAMEORIGIN',
        'referrer-policy': 'no-referrer',
      });
      expect(attempt.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    } finally {
      attempt.close();
    }
  });

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

  it('ends a stream when its session signs out, and only that one', async () => {
    const port = await listening();
    const owner = await registerUser(t.app);
    const otherDevice = await loginUser(t.app, owner.email, owner.password);
    const signedIn = await openStream(port, owner.cookie);
    const onOtherDevice = await openStream(port, otherDevice);
    const visitor = await openStream(port);

    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: owner.cookie },
    });
    expect(logout.statusCode).toBe(200);
    await signedIn.ended();

    await t.app.context.live.publish({ type: 'offer', userId: owner.user.id, to: [owner.user.id] });
    expect(await onOtherDevice.next('offer')).toEqual({ userId: owner.user.id });
    await t.app.context.live.publish({ type: 'profile', userId: owner.user.id });
    await visitor.next('profile');
    expect(onOtherDevice.isEnded()).toBe(false);
    expect(visitor.isEnded()).toBe(false);
    onOtherDevice.close();
    visitor.close();
  });

  it('ends a stream when its session is replaced by a new sign-in on that browser', async () => {
    const port = await listening();
    const owner = await registerUser(t.app);
    const stream = await openStream(port, owner.cookie);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: owner.email, password: owner.password },
      headers: { cookie: owner.cookie },
      remoteAddress: someIp(),
    });
    expect(again.statusCode).toBe(200);
    await stream.ended();
    expect(stream.text()).not.toContain('event: offer');
  });

  it('ends a stream when its session expires', async () => {
    const port = await listening();
    const owner = await registerUser(t.app);
    const sessionId = sessionIdOf(owner.cookie.split('=')[1]!);
    const soon = new Date(Date.now() + 1500).toISOString();
    await t.database.handle.db
      .updateTable('sessions')
      .set({ expires_at: soon })
      .where('id', '=', sessionId)
      .execute();
    const stream = await openStream(port, owner.cookie);
    await stream.ended();
    expect(Date.now()).toBeGreaterThanOrEqual(new Date(soon).getTime());
  });

  it(`keeps at most ${MAX_STREAMS_PER_ACCOUNT} streams open per account, and lets one in again when one closes`, async () => {
    const port = await listening();
    const owner = await registerUser(t.app);
    const open: Attempt[] = [];
    for (let i = 0; i < MAX_STREAMS_PER_ACCOUNT; i++) open.push(await askForStream(port, owner.cookie));
    expect(open.map((attempt) => attempt.status)).toEqual(open.map(() => 200));

    const refused = await askForStream(port, owner.cookie);
    expect(refused.status).toBe(429);
    expect(refused.headers['content-type']).toMatch(/^application\/json/);
    expect(refused.headers['retry-after']).toBe('60');
    expect(JSON.parse(await refused.body())).toEqual({
      error: {
        code: 'rate-limited',
        message: 'Too many live connections are open. Close a few Holoscope tabs and try again.',
      },
    });
    // A visitor on the same address is not held up by the account's cap.
    const visitor = await askForStream(port);
    expect(visitor.status).toBe(200);

    open.pop()?.close();
    const again = await vi.waitFor(
      async () => {
        const attempt = await askForStream(port, owner.cookie);
        if (attempt.status !== 200) throw new Error(`still ${attempt.status}`);
        return attempt;
      },
      { timeout: 5000 },
    );
    for (const attempt of [...open, visitor, again]) attempt.close();
  });

  it(`keeps at most ${MAX_STREAMS_PER_ADDRESS} streams open per address`, async () => {
    const port = await listening();
    const open: Attempt[] = [];
    for (let i = 0; i < MAX_STREAMS_PER_ADDRESS; i++) open.push(await askForStream(port));
    expect(open.every((attempt) => attempt.status === 200)).toBe(true);
    const refused = await askForStream(port);
    expect(refused.status).toBe(429);
    expect(JSON.parse(await refused.body()).error.code).toBe('rate-limited');
    const owner = await registerUser(t.app);
    expect((await askForStream(port, owner.cookie)).status).toBe(429);
    for (const attempt of open) attempt.close();
    // Closed on the client; the server lets the address in again once it has seen them go.
    const after = await vi.waitFor(
      async () => {
        const attempt = await askForStream(port);
        if (attempt.status !== 200) throw new Error(`still ${attempt.status}`);
        return attempt;
      },
      { timeout: 5000 },
    );
    after.close();
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
