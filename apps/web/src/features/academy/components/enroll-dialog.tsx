import { useState } from 'react';
import { useLocation } from 'wouter';
import type { CourseDetailDto } from '@ops/shared/schemas/courses';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog.tsx';
import { EnrollForm } from './enroll-form.tsx';
import { EnrollResult } from './enroll-result.tsx';
import type { Outcome } from './enrollment-outcome.ts';

export interface EnrollDialogProps {
  course: CourseDetailDto;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

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
