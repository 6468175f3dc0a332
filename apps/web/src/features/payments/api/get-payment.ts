import { useCallback, useEffect, useState } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentDto } from '@ops/shared/schemas/payments';
import { api, isApiError } from '@/lib/api-client.ts';

/** How often a pending payment is asked about, and for how long before we say it is taking long. */
export const PAYMENT_POLL_MS = 3000;
export const PAYMENT_GIVE_UP_MS = 2 * 60_000;

/**
 * One payment as the server knows it; while it is pending the server asks the provider again.
 * trackingId: the provider's id from the return address (IntaSend's tracking_id), a hint only.
 */
export function getPayment(id: string, trackingId?: string | null, signal?: AbortSignal): Promise<PaymentDto> {
  const search = trackingId ? `?trackingId=${encodeURIComponent(trackingId)}` : '';
  return api.get<PaymentDto>(`/api/payments/${encodeURIComponent(id)}${search}`, { signal });
}

export const paymentQueryOptions = (id: string, trackingId?: string | null) =>
  queryOptions({
    queryKey: ['payments', 'detail', id],
    queryFn: ({ signal }) => getPayment(id, trackingId, signal),
    // A payment's status is the one thing we are waiting for: never answer from the cache.
    staleTime: 0,
  });

/** Still waiting on the provider: keep asking. */
export const isPaymentUnsettled = (status: PaymentDto['status'] | undefined): boolean =>
  status === undefined || status === 'pending' || status === 'processing';

/** A 4xx will not change by asking again (not found, not yours). */
const isFinalError = (error: unknown) => isApiError(error) && error.status >= 400 && error.status < 500;

/**
 * Follows a payment until the server says it is settled: asks every 3 seconds, and after two
 * minutes stops and reports `timedOut` until `checkAgain` starts another round.
 */
export function usePaymentStatus(
  id: string,
  {
    trackingId = null,
    intervalMs = PAYMENT_POLL_MS,
    giveUpAfterMs = PAYMENT_GIVE_UP_MS,
  }: { trackingId?: string | null; intervalMs?: number; giveUpAfterMs?: number } = {},
) {
  const [round, setRound] = useState(0);
  const [timedOutRound, setTimedOutRound] = useState<number | null>(null);
  const timedOut = timedOutRound === round;

  const query = useQuery({
    ...paymentQueryOptions(id, trackingId),
    refetchInterval: (q) => (timedOut || isFinalError(q.state.error) || !isPaymentUnsettled(q.state.data?.status) ? false : intervalMs),
    refetchIntervalInBackground: true,
  });
  const unsettled = isPaymentUnsettled(query.data?.status) && !isFinalError(query.error);

  useEffect(() => {
    if (!unsettled) return;
    const timer = setTimeout(() => setTimedOutRound(round), giveUpAfterMs);
    return () => clearTimeout(timer);
  }, [unsettled, round, giveUpAfterMs]);

  const { refetch } = query;
  const checkAgain = useCallback(() => {
    setRound((r) => r + 1);
    void refetch();
  }, [refetch]);

  return {
    payment: query.data,
    error: query.error,
    isChecking: query.isFetching,
    timedOut: timedOut && unsettled,
    checkAgain,
  };
}
