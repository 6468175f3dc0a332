import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReviewDto } from '@ops/shared/schemas/guards';
import { api } from '@/lib/api-client.ts';

/** A guard's reviews, newest first. */
export function getGuardReviews(guardId: string, signal?: AbortSignal): Promise<ReviewDto[]> {
  return api.get<ReviewDto[]>(`/api/guards/${encodeURIComponent(guardId)}/reviews`, { signal });
}

export const guardReviewsQueryOptions = (guardId: string) =>
  queryOptions({
    queryKey: ['reviews', 'guard', guardId],
    queryFn: ({ signal }) => getGuardReviews(guardId, signal),
  });

export function useGuardReviews(guardId: string) {
  return useQuery(guardReviewsQueryOptions(guardId));
}
