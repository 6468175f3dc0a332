import { useEffect, useId, useState, type ReactNode } from 'react';
import { Controller, useForm, useWatch, type Path } from 'react-hook-form';
import { useLocation } from 'wouter';
import { format, parseISO } from 'date-fns';
import { Banknote, CheckCircle2, Smartphone, XCircle } from 'lucide-react';
import { CASH_NOT_OFFERED_REASON, cashPaymentOpen } from '@ops/shared/domain/enrollment-status';
import { nairobiDate } from '@ops/shared/domain/nairobi-time';
import { formatKes } from '@ops/shared/money';
import type { CourseDetailDto, UpcomingCohortDto } from '@ops/shared/schemas/courses';
import { createEnrollmentInput, type CreateEnrollmentInput, type EnrollmentDto } from '@ops/shared/schemas/enrollments';
import { Button } from '@/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog.tsx';
import { FieldError, FormField } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { NativeSelect } from '@/components/ui/native-select.tsx';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { applyServerFieldErrors } from '@/lib/form-errors.ts';
import { formResolver } from '@/lib/form-resolver.ts';
import { isApiError } from '@/lib/api-client.ts';
import { notifyError, notifySuccess } from '@/lib/notify.ts';
import { cn } from '@/lib/utils.ts';
import { openCheckout, useCreateEnrollment, useEnrollment } from '../api/enroll.ts';

export interface EnrollDialogProps {
  course: CourseDetailDto;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export const ENROLL_FAILED = 'Failed to process enrollment. Please try again.';
/** What the dialog itself says when enrolment fails without a reason of the server's (the toast says ENROLL_FAILED). */
export const ENROLL_DIALOG_FAILED = 'Enrollment failed. Please try again.';
export const CASH_SUCCESS = 'Enrollment created! Please visit our office to complete payment.';
export const INTASEND_SUCCESS = 'Payment initiated successfully! Redirecting to payment page...';
export const CHECK_PHONE = 'Check your phone and enter your M-Pesa PIN to complete the payment.';
export const PAID_MESSAGE = 'Payment received! Your enrollment is active.';
/** How long the success message shows before the payment page opens. */
export const REDIRECT_DELAY_MS = 1500;

const FIELDS: readonly Path<CreateEnrollmentInput>[] = ['cohortId', 'paymentMethod', 'phoneNumber'];

const day = (iso: string) => format(parseISO(iso), 'MMM dd, yyyy');

/** Cohorts a student may still enrol in: not started (Nairobi), not ongoing or completed, with a seat left. */
export function openCohorts(cohorts: readonly UpcomingCohortDto[], today = nairobiDate(new Date())): UpcomingCohortDto[] {
  return cohorts.filter((c) => (c.status === 'open' || c.status === 'upcoming') && c.startDate > today && c.spotsLeft > 0);
}

type Outcome =
  | { kind: 'cash'; enrollment: EnrollmentDto }
  | { kind: 'redirect'; enrollment: EnrollmentDto }
  | { kind: 'phone'; enrollment: EnrollmentDto }
  | { kind: 'failed'; message: string };

/** 'Enroll in {course title}': pay the fee by IntaSend (M-Pesa or card) or in cash at the office. */
export function EnrollDialog({ course, open, onOpenChange }: EnrollDialogProps) {
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [, navigate] = useLocation();

  const close = () => {
    onOpenChange(false);
    if (outcome?.kind === 'cash') navigate('/dashboard');
    setOutcome(null);
  };

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Enroll in {course.title}</DialogTitle>
          <DialogDescription>Choose your payment method to complete enrollment</DialogDescription>
        </DialogHeader>
        {outcome ? <EnrollResult outcome={outcome} onClose={close} /> : <EnrollForm course={course} onCancel={close} onDone={setOutcome} />}
      </DialogContent>
    </Dialog>
  );
}

function EnrollForm({ course, onCancel, onDone }: { course: CourseDetailDto; onCancel: () => void; onDone: (o: Outcome) => void }) {
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

  const options = [
    { value: 'intasend' as const, label: 'IntaSend Payment', hint: 'Pay via M-Pesa or Card', icon: Smartphone, disabled: false },
    {
      value: 'cash' as const,
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
            <RadioGroup
              value={field.value ?? ''}
              onValueChange={(v) => field.onChange(v)}
              aria-invalid={Boolean(errors.paymentMethod)}
              aria-describedby={errors.paymentMethod ? `${id}-method-error` : undefined}
              className="grid gap-3"
            >
              {options.map((option) => (
                <label
                  key={option.value}
                  htmlFor={`${id}-${option.value}`}
                  className={cn(
                    'flex items-start gap-3 rounded-lg border p-4',
                    option.disabled ? 'cursor-not-allowed bg-muted/50 text-muted-foreground' : 'cursor-pointer hover:bg-muted',
                    field.value === option.value && 'border-primary ring-1 ring-primary',
                  )}
                >
                  <RadioGroupItem
                    id={`${id}-${option.value}`}
                    value={option.value}
                    disabled={option.disabled}
                    aria-describedby={`${id}-${option.value}-hint`}
                    className="mt-0.5"
                  />
                  <span className="grid gap-1">
                    <span className="flex items-center gap-2 font-medium">
                      <option.icon className="size-4" aria-hidden="true" />
                      {option.label}
                    </span>
                    <span id={`${id}-${option.value}-hint`} className="text-xs text-muted-foreground">
                      {option.hint}
                    </span>
                  </span>
                </label>
              ))}
            </RadioGroup>
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

function EnrollResult({ outcome, onClose }: { outcome: Outcome; onClose: () => void }) {
  useEffect(() => {
    if (outcome.kind !== 'redirect' || outcome.enrollment.next.kind !== 'checkout') return;
    const url = outcome.enrollment.next.url;
    const timer = setTimeout(() => openCheckout(url), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [outcome]);

  if (outcome.kind === 'failed') return <Result ok={false} message={outcome.message} onClose={onClose} />;
  if (outcome.kind === 'redirect') return <Result ok message={INTASEND_SUCCESS} onClose={onClose} />;
  if (outcome.kind === 'phone') return <WaitingForPhone enrollment={outcome.enrollment} onClose={onClose} />;
  const deadline = outcome.enrollment.paymentDeadline;
  return (
    <Result ok message={CASH_SUCCESS} onClose={onClose}>
      <div className="rounded-lg border p-4 text-sm">
        <p className="font-medium">Next steps</p>
        <ol className="mt-2 list-decimal space-y-1 pl-5 text-muted-foreground">
          <li>Check your email for the enrollment confirmation.</li>
          <li>Visit our office in Nairobi, Kenya to pay {formatKes(outcome.enrollment.coursePrice)} in cash.</li>
          <li>Bring your enrollment confirmation email.</li>
          {deadline ? <li>Pay by {day(deadline)} to keep your seat.</li> : null}
        </ol>
      </div>
    </Result>
  );
}

/** An M-Pesa prompt was sent: the dialog waits for the server to see the money arrive. */
function WaitingForPhone({ enrollment, onClose }: { enrollment: EnrollmentDto; onClose: () => void }) {
  const { data } = useEnrollment(enrollment.id);
  const current = data ?? enrollment;
  if (current.paymentStatus === 'paid') return <Result ok message={PAID_MESSAGE} onClose={onClose} />;
  if (current.status !== 'pending_payment')
    return <Result ok={false} message={current.payment?.failureReason ?? ENROLL_DIALOG_FAILED} onClose={onClose} />;
  return (
    <div className="grid gap-4">
      <p role="status" className="flex items-center gap-3 rounded-lg bg-muted p-4 text-sm">
        <Spinner label="Waiting for the payment" className="size-5" />
        {CHECK_PHONE}
      </p>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose}>
          Close
        </Button>
      </DialogFooter>
    </div>
  );
}

function Result({ ok, message, onClose, children }: { ok: boolean; message: string; onClose: () => void; children?: ReactNode }) {
  const Icon = ok ? CheckCircle2 : XCircle;
  return (
    <div className="grid gap-4">
      <p role={ok ? 'status' : 'alert'} className={cn('flex items-start gap-3 text-sm font-medium', ok ? 'text-success' : 'text-destructive')}>
        <Icon className="size-5 shrink-0" aria-hidden="true" />
        {message}
      </p>
      {children}
      <DialogFooter>
        <Button type="button" onClick={onClose}>
          Close
        </Button>
      </DialogFooter>
    </div>
  );
}
