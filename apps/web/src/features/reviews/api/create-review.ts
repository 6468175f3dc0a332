import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { createReviewInput } from '@ops/shared/schemas/reviews';
import type { ReviewDto } from '@ops/shared/schemas/guards';
import { api } from '@/lib/api-client.ts';

/** The parsed form: trimmed comment, null when blank. */
export type CreateReviewRequest = ReturnType<typeof createReviewInput.parse>;

/** 201 with the review; 409 when this booking was already reviewed. */
export function createReview(body: CreateReviewRequest): Promise<ReviewDto> {
  return api.post<ReviewDto>('/api/reviews', body);
}

export function useCreateReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createReview,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['reviews'] }),
  });
}
