import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { CalendarX2 } from 'lucide-react';
import type { BookingSummaryDto } from '@ops/shared/schemas/bookings';
import { EmptyState } from '@/components/empty-state.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { LoadingMessage } from '@/components/ui/spinner.tsx';
import { useErrorToast } from '@/lib/use-error-toast.ts';
import { useBookings } from '../api/get-bookings.ts';
import { BookingItem } from './booking-item.tsx';

export const RECENT_BOOKINGS_LIMIT = 10;

interface RecentBookingsProps {
  audience: 'client' | 'guard';
  /** Extra buttons for one booking (a client's 'Leave a Review'), composed by the page. */
  renderActions?: (booking: BookingSummaryDto) => ReactNode;
}

export function RecentBookings({ audience, renderActions }: RecentBookingsProps) {
  const bookings = useBookings(RECENT_BOOKINGS_LIMIT);
  useErrorToast(bookings.error, 'Failed to load bookings');

  let body: ReactNode;
  if (bookings.isPending) {
    body = <LoadingMessage text="Loading bookings..." className="py-8" />;
  } else if (bookings.isError) {
    body = <p className="text-muted-foreground">Your bookings could not be loaded right now.</p>;
  } else if (bookings.data.length === 0) {
    body = (
      <EmptyState
        icon={CalendarX2}
        title="No Bookings Yet"
        headingLevel="h3"
        action={
          audience === 'client' ? (
            <Button asChild variant="accent">
              <Link to="/guards">Browse Guards</Link>
            </Button>
          ) : null
        }
      >
        {audience === 'client'
          ? 'Book a vetted security guard and your bookings will appear here.'
          : 'Security jobs assigned to you will appear here.'}
      </EmptyState>
    );
  } else {
    body = (
      <ul className="grid gap-4">
        {bookings.data.map((booking) => (
          <li key={booking.id}>
            <BookingItem booking={booking} audience={audience} actions={renderActions?.(booking)} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <Card>
      <CardHeader className="px-4 sm:px-6">
        <CardTitle>Recent Bookings</CardTitle>
        <CardDescription>
          {audience === 'client' ? 'Your security guard bookings' : 'Your assigned security jobs'}
        </CardDescription>
      </CardHeader>
      <CardContent className="px-4 sm:px-6">{body}</CardContent>
    </Card>
  );
}
