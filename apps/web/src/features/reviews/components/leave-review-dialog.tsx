import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { formResolver } from '@/lib/form-resolver.ts';
import { Star } from 'lucide-react';
import { createReviewInput } from '@ops/shared/schemas/reviews';
import { Button } from '@/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog.tsx';
import { FieldError, FormField } from '@/components/ui/form-field.tsx';
import { Textarea } from '@/components/ui/textarea.tsx';
import { isApiError } from '@/lib/api-client.ts';
import { applyServerFieldErrors } from '@/lib/form-errors.ts';
import { messageFrom, notifyError, notifySuccess } from '@/lib/notify.ts';
import { useCreateReview } from '../api/create-review.ts';
import { StarRatingInput } from './star-rating-input.tsx';

interface LeaveReviewDialogProps {
  bookingId: string;
  guardName: string | null;
  /** Called after the review was stored, so the booking stops offering a review. */
  onReviewed?: () => void;
}

export function LeaveReviewDialog({ bookingId, guardName, onReviewed }: LeaveReviewDialogProps) {
  const [open, setOpen] = useState(false);
  const createReview = useCreateReview();
  const { control, register, handleSubmit, setError, reset, formState } = useForm({
    resolver: formResolver(createReviewInput),
    defaultValues: { bookingId, rating: 0, comment: '' },
  });

  const onSubmit = handleSubmit(async (data) => {
    try {
      await createReview.mutateAsync(data);
      notifySuccess('Review Submitted', 'Thank you for your feedback.');
      setOpen(false);
      reset();
      onReviewed?.();
    } catch (error) {
      const fieldMessage = applyServerFieldErrors(error, setError, ['rating', 'comment']);
      if (isApiError(error) && error.status === 409) onReviewed?.();
      notifyError(fieldMessage ?? messageFrom(error, 'Failed to submit review'));
    }
  });

  const ratingError = formState.errors.rating?.message;
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          <Star aria-hidden="true" />
          Leave a Review
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Leave a Review</DialogTitle>
          <DialogDescription>{guardName ? `How was your service with ${guardName}?` : 'How was your security service?'}</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <div className="grid gap-2">
            <p id="review-rating-label" className="text-sm leading-none font-medium">
              Rating
            </p>
            <Controller
              control={control}
              name="rating"
              render={({ field }) => (
                <StarRatingInput
                  labelledBy="review-rating-label"
                  value={field.value}
                  onChange={field.onChange}
                  invalid={Boolean(ratingError)}
                  describedBy={ratingError ? 'review-rating-error' : undefined}
                />
              )}
            />
            <FieldError id="review-rating-error" message={ratingError} />
          </div>
          <FormField id="review-comment" label="Comment" error={formState.errors.comment?.message}>
            {(c) => <Textarea placeholder="Tell other clients about the service" {...c} {...register('comment')} />}
          </FormField>
          <DialogFooter>
            <Button type="submit" disabled={createReview.isPending}>
              {createReview.isPending ? 'Submitting...' : 'Submit'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
