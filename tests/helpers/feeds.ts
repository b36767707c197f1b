import { expect } from 'vitest';
import type { App } from '#server/app.ts';
import type { Feed, FeedRun, FeedRunDetail } from '#shared/schemas/feeds.ts';
import type { TestUser } from './auth.ts';

/** Adds a feed through the API as an admin; fails the test on anything but 201. */
export async function addFeed(app: App, admin: TestUser, body: Record<string, unknown>): Promise<Feed> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/admin/feeds',
    headers: { cookie: admin.cookie },
    payload: body,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

export async function runNow(app: App, admin: TestUser, feedId: string): Promise<FeedRun> {
  const response = await app.inject({
    method: 'POST',
    url: `/api/admin/feeds/${feedId}/run`,
    headers: { cookie: admin.cookie },
  });
  expect(response.statusCode, response.body).toBe(202);
  return response.json();
}

export async function runDetail(app: App, admin: TestUser, runId: string): Promise<FeedRunDetail> {
  const response = await app.inject({
    url: `/api/admin/feed-runs/${runId}`,
    headers: { cookie: admin.cookie },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** Polls the run until `done` says so (by default: succeeded or failed), as the Feeds page does. */
export async function waitForRun(
  app: App,
  admin: TestUser,
  runId: string,
  done: (run: FeedRun) => boolean = (run) => run.status === 'succeeded' || run.status === 'failed',
  timeoutMs = 30_000,
): Promise<FeedRunDetail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const detail = await runDetail(app, admin, runId);
    if (done(detail.run)) return detail;
    if (Date.now() > deadline)
      throw new Error(`The run did not get there in time: ${JSON.stringify(detail.run)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
