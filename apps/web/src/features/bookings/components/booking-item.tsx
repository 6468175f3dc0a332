import { useEffect, useRef, type ReactNode } from 'react';
import { useSearch } from 'wouter';
import { CalendarClock, MapPin, Phone, UserRound, Users } from 'lucide-react';
import { formatKes } from '@ops/shared/money';
import { formatKenyanPhone } from '@ops/shared/phone';
import type { BookingSummaryDto } from '@ops/shared/schemas/bookings';
import { Badge } from '@/components/ui/badge.tsx';
import { formatDateTime } from '@/lib/format-date.ts';
import { cn } from '@/lib/utils.ts';
import { bookingServiceLabel, counterpart, durationText, guardsCountText } from '../utils/booking-display.ts';
import { paymentBadge, statusBadge } from '../utils/status-badges.ts';

interface BookingItemProps {
  booking: BookingSummaryDto;
  audience: 'client' | 'guard';
  actions?: ReactNode;
}

function Detail({ icon: Icon, label, children }: { icon: typeof MapPin; label: string; children: ReactNode }) {
  return (
    <div className="flex items-start gap-2">
      <Icon className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
      <dt className="sr-only">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

export function BookingItem({ booking, audience, actions }: BookingItemProps) {
  const status = statusBadge(booking);
  const payment = paymentBadge(booking);
  const other = counterpart(booking, audience);
  const name = bookingServiceLabel(booking);
  // A notification's link (/dashboard?booking=<id>) points at this booking: show it, marked.
  const pointedAt = new URLSearchParams(useSearch()).get('booking') === booking.id;
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    if (pointedAt) ref.current?.scrollIntoView?.({ block: 'center' });
  }, [pointedAt]);
  return (
    <article
      ref={ref}
      aria-label={`${name} ${booking.reference}`}
      aria-current={pointedAt ? 'true' : undefined}
      className={cn('grid gap-3 rounded-lg border p-4', pointedAt && 'border-primary ring-2 ring-primary')}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="font-semibold">{name}</h3>
          <p className="text-xs text-muted-foreground">{booking.reference}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Badge variant={status.variant}>
            <span className="sr-only">Status: </span>
            {status.label}
          </Badge>
          <Badge variant={payment.variant}>
            <span className="sr-only">Payment: </span>
            {payment.label}
          </Badge>
        </div>
      </div>
      <dl className="grid gap-2 text-sm sm:grid-cols-2">
        <Detail icon={CalendarClock} label="When">
          <time dateTime={booking.startTime}>{formatDateTime(booking.startTime)}</time> · {durationText(booking)}
        </Detail>
        <Detail icon={MapPin} label="Where">
          {booking.address ? (booking.area === 'Other' ? booking.address : `${booking.area} — ${booking.address}`) : booking.area}
        </Detail>
        <Detail icon={Users} label="Guards">
          {guardsCountText(booking.teamSize)}
        </Detail>
        <Detail icon={UserRound} label={other.label}>
          {other.label}: {other.name}
        </Detail>
        {audience === 'guard' && booking.client?.phone ? (
          <Detail icon={Phone} label="Client's phone">
            <a href={`tel:+${booking.client.phone}`} className="underline underline-offset-2">
              {formatKenyanPhone(booking.client.phone)}
            </a>
          </Detail>
        ) : null}
      </dl>
      <div className="flex flex-wrap items-center justify-between gap-2 border-t pt-3">
        <div>
          <p className="text-lg font-semibold">{formatKes(booking.price)}</p>
          {booking.refund ? (
            <p className="text-sm text-muted-foreground">
              {booking.refund.status === 'pending' ? 'Refund pending' : 'Refunded'}: {formatKes(booking.refund.amount)}
            </p>
          ) : null}
        </div>
        {actions}
      </div>
    </article>
  );
}
