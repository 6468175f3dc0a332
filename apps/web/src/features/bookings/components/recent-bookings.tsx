import { useId, useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { CalendarX2 } from 'lucide-react';
import { BOOKING_STATUSES, type BookingStatus } from '@ops/shared/constants';
import { PENDING_PAYMENT_LABEL } from '@ops/shared/domain/booking-status';
import { BOOKING_STATUS_LABELS } from '@ops/shared/domain/status-labels';
import type { BookingSummaryDto } from '@ops/shared/schemas/bookings';
import { EmptyState } from '@/components/empty-state.tsx';
import { ShowMoreList } from '@/components/show-more-list.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { Label } from '@/components/ui/label.tsx';
import { NativeSelect } from '@/components/ui/native-select.tsx';
import { bookingsQueryOptions } from '../api/get-bookings.ts';
import { BookingItem } from './booking-item.tsx';

export const RECENT_BOOKINGS_LIMIT = 10;

/** The status filter's choices, in the badges' words; a pending booking is one still waiting for its payment. */
const STATUS_FILTERS = BOOKING_STATUSES.map((value) => ({
  value,
  label: value === 'pending' ? PENDING_PAYMENT_LABEL : BOOKING_STATUS_LABELS[value],
}));

const isStatus = (value: string): value is BookingStatus => BOOKING_STATUSES.some((s) => s === value);

interface RecentBookingsProps {
  audience: 'client' | 'guard';
  /** Extra buttons for one booking (a client's 'Leave a Review'), composed by the page. */
  renderActions?: (booking: BookingSummaryDto) => ReactNode;
}

export function RecentBookings({ audience, renderActions }: RecentBookingsProps) {
  const [status, setStatus] = useState<BookingStatus | null>(null);
  const filterId = useId();

  const empty =
    status === null ? (
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
        {audience === 'client' ? 'Book a vetted security guard and your bookings will appear here.' : 'Security jobs assigned to you will appear here.'}
      </EmptyState>
    ) : (
      <p className="py-4 text-muted-foreground">No bookings with this status</p>
    );

  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-end justify-between gap-4 px-4 sm:px-6">
        <div className="grid gap-1.5">
          <CardTitle>Recent Bookings</CardTitle>
          <CardDescription>{audience === 'client' ? 'Your security guard bookings' : 'Your assigned security jobs'}</CardDescription>
        </div>
        <div className="grid gap-2">
          <Label htmlFor={filterId}>Status</Label>
          <NativeSelect
            id={filterId}
            className="w-48"
            value={status ?? ''}
            onChange={(event) => setStatus(isStatus(event.target.value) ? event.target.value : null)}
          >
            <option value="">All</option>
            {STATUS_FILTERS.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </NativeSelect>
        </div>
      </CardHeader>
      <CardContent className="px-4 sm:px-6">
        <ShowMoreList
          options={bookingsQueryOptions({ status, limit: RECENT_BOOKINGS_LIMIT })}
          itemKey={(booking) => booking.id}
          renderItem={(booking) => <BookingItem booking={booking} audience={audience} actions={renderActions?.(booking)} />}
          empty={empty}
          loadingText="Loading bookings..."
          errorToast="Failed to load bookings"
          errorText="Your bookings could not be loaded right now."
        />
      </CardContent>
    </Card>
  );
}
