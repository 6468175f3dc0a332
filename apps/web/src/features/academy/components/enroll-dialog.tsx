import type { CourseDetailDto } from '@ops/shared/schemas/courses';

export interface EnrollDialogProps {
  course: CourseDetailDto;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** 'Enroll in {course title}': pay the fee by IntaSend (M-Pesa or card) or in cash at the office. */
export function EnrollDialog(_props: EnrollDialogProps) {
  return null;
}
