import { useMemo, useState } from 'react';
import { BOOKING_STATUS_LABELS, PAYMENT_STATUS_LABELS } from '@ops/shared/domain/status-labels';
import {
  ADMIN_BOOKING_PAYMENT_FILTERS,
  ADMIN_BOOKING_STATUS_FILTERS,
  type AdminBookingRow,
  type AdminBookingTarget,
} from '@ops/shared/schemas/admin-bookings';
import { messageFrom, notifyFailure, notifySuccess } from '@/lib/notify.ts';
import { useAdminListState } from '@/components/console/use-admin-list-state.ts';
import { DateRangeFilter, FilterSelect } from '@/components/console/admin-filters.tsx';
import { AdminSearchBox } from '@/components/console/admin-search-box.tsx';
import { AdminTable, fromQuery } from '@/components/console/admin-table.tsx';
import { useAdminBookings } from '../../api/get-admin-bookings.ts';
import { useSetBookingStatus } from '../../api/set-booking-status.ts';
import type { BookingAction } from './booking-actions-menu.tsx';
import { AssignGuardsDialog } from './assign-guards-dialog.tsx';
import { bookingColumns } from './booking-columns.tsx';
import { CancelBookingDialog } from './cancel-booking-dialog.tsx';
import { CompleteBookingDialog } from './complete-booking-dialog.tsx';
import { RemoveGuardDialog } from './remove-guard-dialog.tsx';

export const BOOKINGS_LOAD_FAILED = 'Failed to fetch bookings data';
export const BOOKING_UPDATE_FAILED = 'Failed to update booking status';
export const bookingUpdated = (status: AdminBookingTarget) => `Booking ${status} successfully`;

const FILTERS = { status: 'all', payment: 'all', from: '', to: '' };

/** Every booking, searched, filtered, sorted and paged by the server, with the status moves the machine allows and staffing. */
export function BookingsView() {
  const list = useAdminListState({ defaultSort: 'start', defaultDir: 'desc', filters: FILTERS });
  const bookings = useAdminBookings(list.apiQuery);
  const move = useSetBookingStatus();
  const [cancelling, setCancelling] = useState<AdminBookingRow | null>(null);
  const [completing, setCompleting] = useState<AdminBookingRow | null>(null);
  const [assigning, setAssigning] = useState<AdminBookingRow | null>(null);
  const [unassigning, setUnassigning] = useState<AdminBookingRow | null>(null);

  const changeStatus = (booking: AdminBookingRow, status: AdminBookingTarget) =>
    move.mutate(
      { id: booking.id, status },
      {
        onSuccess: () => {
          notifySuccess(bookingUpdated(status));
          setCompleting(null);
        },
        onError: (error) => {
          // A refused completion stays refused until the booking has ended: the toast says why.
          setCompleting(null);
          notifyFailure(BOOKING_UPDATE_FAILED, messageFrom(error));
        },
      },
    );
  const onAction = (booking: AdminBookingRow, action: BookingAction) => {
    if (action === 'confirm') changeStatus(booking, 'confirmed');
    else if (action === 'complete') setCompleting(booking);
    else if (action === 'cancel') setCancelling(booking);
    else if (action === 'unassign') setUnassigning(booking);
    else setAssigning(booking);
  };
  const busyId = move.isPending ? (move.variables?.id ?? null) : null;

  const columns = useMemo(
    () => bookingColumns({ busyId, onAction }),
    // onAction reads only the mutation and state setters, which keep their identity.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [busyId],
  );
  const filtered = list.q || list.filters.status !== 'all' || list.filters.payment !== 'all' || list.filters.from || list.filters.to;

  return (
    <>
      <AdminTable
        label="Bookings"
        columns={columns}
        state={list}
        {...fromQuery(bookings)}
        errorMessage={BOOKINGS_LOAD_FAILED}
        getRowId={(b) => b.id}
        emptyTitle="No bookings found"
        emptyText={filtered ? 'No booking matches this search and these filters. Try fewer words or other filters.' : 'No booking has been made yet.'}
        toolbar={
          <>
            <AdminSearchBox state={list} label="Search bookings" placeholder="Reference, client, company, guard or area" />
            <FilterSelect
              id="bookings-status"
              label="Status"
              value={list.filters.status}
              options={ADMIN_BOOKING_STATUS_FILTERS}
              optionLabel={(status) => (status === 'all' ? 'All statuses' : BOOKING_STATUS_LABELS[status])}
              onChange={(value) => list.setFilter('status', value)}
            />
            <FilterSelect
              id="bookings-payment"
              label="Payment"
              className="w-44"
              value={list.filters.payment}
              options={ADMIN_BOOKING_PAYMENT_FILTERS}
              optionLabel={(payment) => (payment === 'all' ? 'All payments' : PAYMENT_STATUS_LABELS[payment])}
              onChange={(value) => list.setFilter('payment', value)}
            />
            <DateRangeFilter idPrefix="bookings" from={list.filters.from} to={list.filters.to} onChange={(key, value) => list.setFilter(key, value)} />
          </>
        }
      />
      <CancelBookingDialog booking={cancelling} onClose={() => setCancelling(null)} />
      <CompleteBookingDialog
        booking={completing}
        busy={move.isPending}
        onConfirm={(booking) => changeStatus(booking, 'completed')}
        onClose={() => setCompleting(null)}
      />
      <AssignGuardsDialog booking={assigning} onClose={() => setAssigning(null)} />
      <RemoveGuardDialog booking={unassigning} onClose={() => setUnassigning(null)} />
    </>
  );
}
