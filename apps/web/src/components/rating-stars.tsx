import { Star } from 'lucide-react';
import { cn } from '@/lib/utils.ts';

/** Five stars with the rating filled in; read as 'Rated 4 out of 5'. */
export function RatingStars({ rating, className }: { rating: number; className?: string }) {
  const rounded = Math.round(rating);
  return (
    <span role="img" aria-label={`Rated ${rounded} out of 5`} className={cn('inline-flex gap-0.5', className)}>
      {[1, 2, 3, 4, 5].map((value) => (
        <Star key={value} className={cn('size-4', value <= rounded ? 'fill-accent text-accent' : 'text-input')} aria-hidden="true" />
      ))}
    </span>
  );
}
