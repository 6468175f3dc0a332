import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils.ts';

/** A grey block where content is about to appear. */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return <div aria-hidden="true" className={cn('animate-pulse rounded-md bg-muted', className)} {...props} />;
}
