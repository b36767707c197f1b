import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateFeedBody, Feed, FeedRun, FeedRunDetail } from '#shared/schemas/feeds.ts';
import { api } from '#web/lib/api-client.ts';

/** While a run is going, its counts and progress are polled this often. */
const POLL_MS = 1500;
const ACTIVE = new Set<FeedRun['status']>(['queued', 'running', 'retrying']);

export function isRunActive(run: FeedRun | null | undefined): boolean {
  return run !== null && run !== undefined && ACTIVE.has(run.status);
}

const feedsKey = ['admin', 'feeds'] as const;

export function useFeeds() {
  return useQuery({
    queryKey: feedsKey,
    queryFn: ({ signal }) => api<{ feeds: Feed[] }>('/api/admin/feeds', { signal }),
    refetchInterval: (query) =>
      query.state.data?.feeds.some((feed) => isRunActive(feed.latestRun)) ? POLL_MS : false,
  });
}

export function useFeedRuns(feedId: string) {
  return useQuery({
    queryKey: [...feedsKey, feedId, 'runs'] as const,
    queryFn: ({ signal }) => api<{ runs: FeedRun[] }>(`/api/admin/feeds/${feedId}/runs`, { signal }),
    refetchInterval: (query) => (query.state.data?.runs.some(isRunActive) ? POLL_MS : false),
  });
}

export function useFeedRunDetail(runId: string) {
  return useQuery({
    queryKey: ['admin', 'feed-runs', runId] as const,
    queryFn: ({ signal }) => api<FeedRunDetail>(`/api/admin/feed-runs/${runId}`, { signal }),
    refetchInterval: (query) => (isRunActive(query.state.data?.run) ? POLL_MS : false),
  });
}

export function useAddFeed() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateFeedBody) => api<Feed>('/api/admin/feeds', { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: feedsKey }),
  });
}

export type FeedAction = 'pause' | 'resume' | 'run';

/** Pause, resume or run now; every view of the feeds is fetched again after it. */
export function useFeedAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ feedId, action }: { feedId: string; action: FeedAction }) =>
      api<unknown>(`/api/admin/feeds/${feedId}/${action}`, { method: 'POST' }),
    onSettled: () => client.invalidateQueries({ queryKey: feedsKey }),
  });
}

/** Deletes a feed with its runs; the list is fetched again after it. */
export function useDeleteFeed() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (feedId: string) => api<null>(`/api/admin/feeds/${feedId}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: feedsKey }),
  });
}
