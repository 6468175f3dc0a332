import { useEffect, useId } from 'react';
import { Controller, useForm, useWatch, type Path } from 'react-hook-form';
import { Banknote, Smartphone } from 'lucide-react';
import { CASH_NOT_OFFERED_REASON, cashPaymentOpen } from '@ops/shared/domain/enrollment-status';
import { nairobiDate } from '@ops/shared/domain/nairobi-time';
import { formatKes } from '@ops/shared/money';
import type { CourseDetailDto, UpcomingCohortDto } from '@ops/shared/schemas/courses';
import { createEnrollmentInput, type CreateEnrollmentInput } from '@ops/shared/schemas/enrollments';
import { PaymentMethodPicker, type PaymentMethodOption } from '@/components/payment-method-picker.tsx';
import { Button } from '@/components/ui/button.tsx';
import { DialogFooter } from '@/components/ui/dialog.tsx';
import { FieldError, FormField } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { NativeSelect } from '@/components/ui/native-select.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { isApiError } from '@/lib/api-client.ts';
import { applyServerFieldErrors } from '@/lib/form-errors.ts';
import { formResolver } from '@/lib/form-resolver.ts';
import { notifyError, notifySuccess } from '@/lib/notify.ts';
import { useCreateEnrollment } from '../api/enroll.ts';
import { CASH_SUCCESS, day, ENROLL_DIALOG_FAILED, ENROLL_FAILED, INTASEND_SUCCESS, type Outcome } from './enrollment-outcome.ts';

const FIELDS: readonly Path<CreateEnrollmentInput>[] = ['cohortId', 'paymentMethod', 'phoneNumber'];

/** Cohorts a student may still enrol in: not started (Nairobi), not ongoing or completed, with a seat left. */
export function openCohorts(cohorts: readonly UpcomingCohortDto[], today = nairobiDate(new Date())): UpcomingCohortDto[] {
  return cohorts.filter((c) => (c.status === 'open' || c.status === 'upcoming') && c.startDate > today && c.spotsLeft > 0);
}

/** The cohort, the payment method (IntaSend with the M-Pesa phone, or cash at the office) and Confirm. */
export function EnrollForm({ course, onCancel, onDone }: { course: CourseDetailDto; onCancel: () => void; onDone: (o: Outcome) => void }) {
  const id = useId();
  const cohorts = openCohorts(course.upcomingCohorts);
  const enroll = useCreateEnrollment();
  const {
    register,
    control,
    handleSubmit,
    setError,
    resetField,
    formState: { errors },
  } = useForm<CreateEnrollmentInput>({
    resolver: formResolver(createEnrollmentInput),
    defaultValues: { cohortId: cohorts[0]?.id ?? '', paymentMethod: undefined, phoneNumber: '' },
  });
  const method = useWatch({ control, name: 'paymentMethod' });
  const cohortId = useWatch({ control, name: 'cohortId' });
  const cohort = cohorts.find((c) => c.id === cohortId) ?? cohorts[0];
  // Cash is paid at the office by 7 days before the start: a cohort starting sooner is paid online
  // (the server refuses it too).
  const cashOffered = cohort ? cashPaymentOpen(cohort.startDate, nairobiDate(new Date())) : false;
  useEffect(() => {
    if (!cashOffered && method === 'cash') resetField('paymentMethod');
  }, [cashOffered, method, resetField]);

  const onValid = async (data: CreateEnrollmentInput) => {
    try {
      const enrollment = await enroll.mutateAsync(data);
      if (enrollment.paymentMethod === 'cash') {
        notifySuccess(CASH_SUCCESS);
        onDone({ kind: 'cash', enrollment });
      } else if (enrollment.next.kind === 'checkout') {
        notifySuccess(INTASEND_SUCCESS);
        onDone({ kind: 'redirect', enrollment });
      } else {
        onDone({ kind: 'phone', enrollment });
      }
    } catch (error) {
      if (applyServerFieldErrors(error, setError, FIELDS)) return;
      // The server's reason in both; without one, the toast and the dialog each have their words (spec §8).
      const reason = isApiError(error) && error.status > 0 ? error.message : null;
      notifyError(reason ?? ENROLL_FAILED);
      onDone({ kind: 'failed', message: reason ?? ENROLL_DIALOG_FAILED });
    }
  };

  if (!cohort) {
    return (
      <div className="grid gap-4">
        <p className="text-sm">There is no start date open for enrollment right now. Please check back soon.</p>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onCancel}>
            Close
          </Button>
        </DialogFooter>
      </div>
    );
  }

  const options: PaymentMethodOption<CreateEnrollmentInput['paymentMethod']>[] = [
    { value: 'intasend', label: 'IntaSend Payment', hint: 'Pay via M-Pesa or Card', icon: Smartphone, disabled: false },
    {
      value: 'cash',
      label: 'Cash Payment',
      hint: cashOffered ? 'Pay at the office' : CASH_NOT_OFFERED_REASON,
      icon: Banknote,
      disabled: !cashOffered,
    },
  ];

  return (
    <form onSubmit={(e) => void handleSubmit(onValid)(e)} noValidate className="grid gap-5" aria-label="Enrollment">
      <dl className="grid grid-cols-2 gap-3 rounded-lg bg-muted p-4 text-sm">
        <div>
          <dt className="text-muted-foreground">Course fee</dt>
          <dd className="text-lg font-semibold">{formatKes(course.price)}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Start date</dt>
          <dd className="text-lg font-semibold">{day(cohort.startDate)}</dd>
        </div>
      </dl>

      {cohorts.length > 1 ? (
        <FormField id={`${id}-cohort`} label="Start date" error={errors.cohortId?.message}>
          {(control) => (
            <NativeSelect {...control} {...register('cohortId')}>
              {cohorts.map((c) => (
                <option key={c.id} value={c.id}>
                  {day(c.startDate)} ({c.spotsLeft} {c.spotsLeft === 1 ? 'spot' : 'spots'} left)
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
      ) : null}

      <fieldset className="grid gap-3">
        <legend className="mb-2 text-sm font-medium">Payment method</legend>
        <Controller
          control={control}
          name="paymentMethod"
          render={({ field }) => (
            <PaymentMethodPicker
              id={id}
              options={options}
              value={field.value}
              onChange={field.onChange}
              className="grid gap-3"
              invalid={Boolean(errors.paymentMethod)}
              errorId={errors.paymentMethod ? `${id}-method-error` : undefined}
            />
          )}
        />
        <FieldError id={`${id}-method-error`} message={errors.paymentMethod?.message} />
      </fieldset>

      {method === 'intasend' ? (
        <FormField
          id={`${id}-phone`}
          label="Phone Number (for M-Pesa)"
          hint="Enter your M-Pesa registered phone number"
          error={errors.phoneNumber?.message}
        >
          {(control) => <Input {...control} {...register('phoneNumber')} type="tel" inputMode="tel" autoComplete="tel" placeholder="254712345678" />}
        </FormField>
      ) : null}

      {method === 'cash' ? (
        <div className="rounded-lg border p-4 text-sm">
          <p className="font-medium">Payment instructions</p>
          <p className="mt-1 text-muted-foreground">
            Visit our office in Nairobi, Kenya to pay {formatKes(course.price)} in cash. Please bring your enrollment confirmation email.
          </p>
        </div>
      ) : null}

      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel} disabled={enroll.isPending}>
          Cancel
        </Button>
        <Button type="submit" variant="accent" disabled={enroll.isPending}>
          {enroll.isPending ? <Spinner label="Processing" className="size-4 text-current" /> : null}
          {enroll.isPending ? 'Processing...' : 'Confirm Enrollment'}
        </Button>
      </DialogFooter>
    </form>
  );
}
