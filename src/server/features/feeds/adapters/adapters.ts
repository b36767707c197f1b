import type { FeedAdapter } from '#shared/schemas/feeds.ts';
import { runEbayFeed } from './ebay-feed.ts';
import type { FeedAdapterRun } from './feed-adapter.ts';
import { runFolderFeed } from './folder-feed.ts';
import { runUrlFeed } from './url-feed.ts';

const ADAPTERS: Record<FeedAdapter, FeedAdapterRun<never>> = {
  ebay: runEbayFeed as FeedAdapterRun<never>,
  url: runUrlFeed as FeedAdapterRun<never>,
  folder: runFolderFeed as FeedAdapterRun<never>,
};

/** The adapter's run; its settings were checked against its schema when the feed was created. */
export function adapterRun(adapter: FeedAdapter): FeedAdapterRun<unknown> {
  return ADAPTERS[adapter] as FeedAdapterRun<unknown>;
}
