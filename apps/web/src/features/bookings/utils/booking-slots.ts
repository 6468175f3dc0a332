/**
 * What the wizards leave to the page that composes them: the guard list (guards area) and the
 * payment (payments area). Areas do not import each other; app/routes joins them.
 */
import type { ReactNode } from 'react';
import type { NewBookingDto } from '@ops/shared/schemas/bookings';
import type { PickedGuard } from './wizard-form.ts';

export interface GuardPickerSlotProps {
  selected: PickedGuard | null;
  onSelect: (guard: PickedGuard | null) => void;
  error?: string | undefined;
}
export type RenderGuardPicker = (props: GuardPickerSlotProps) => ReactNode;

export interface PaymentSlotProps {
  booking: NewBookingDto;
  /** The server confirmed the payment. */
  onPaid: (payment: { id: string }) => void;
  /** 'Cancel' after a failed payment. */
  onCancel: () => void;
}
export type RenderPayment = (props: PaymentSlotProps) => ReactNode;
