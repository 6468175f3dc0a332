import type { ReactNode } from 'react';
import { MessageSquareText } from 'lucide-react';
import { RatingStars } from '@/components/rating-stars.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { formatDate } from '@/lib/format-date.ts';
import { useGuardReviews } from '../api/get-guard-reviews.ts';

/** The guard profile's Client Reviews: stars, reviewer, date in Nairobi, comment. */
export function GuardReviews({ guardId }: { guardId: string }) {
  const reviews = useGuardReviews(guardId);

  let body: ReactNode;
  if (reviews.isPending) {
    body = <Spinner label="Loading reviews" />;
  } else if (reviews.isError) {
    // The page is still useful without its reviews; the specification only logs this failure.
    body = <p className="text-muted-foreground">Reviews could not be loaded right now.</p>;
  } else if (reviews.data.length === 0) {
    body = (
      <div className="flex flex-col items-center gap-2 py-6 text-center text-muted-foreground">
        <MessageSquareText className="size-8" aria-hidden="true" />
        <p>No reviews yet</p>
      </div>
    );
  } else {
    body = (
      <ul aria-label="Client reviews" className="grid divide-y">
        {reviews.data.map((review) => (
          <li key={review.id} className="grid gap-2 py-4 first:pt-0 last:pb-0">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <RatingStars rating={review.rating} />
              <time dateTime={review.createdAt} className="text-sm text-muted-foreground">
                {formatDate(review.createdAt)}
              </time>
            </div>
            <p className="font-medium">{review.reviewerName}</p>
            {review.comment ? <p className="whitespace-pre-line text-muted-foreground">{review.comment}</p> : null}
          </li>
        ))}
      </ul>
    );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Client Reviews</CardTitle>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  );
}
