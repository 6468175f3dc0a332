import type { ComponentProps } from 'react';
import { Slot } from 'radix-ui';
import { cn } from '@/lib/utils.ts';
import { buttonVariants, type ButtonVariantProps } from './button-variants.ts';

export type ButtonProps = ComponentProps<'button'> &
  ButtonVariantProps & {
    /** Render the child element (a link, usually) with the button's looks. */
    asChild?: boolean;
  };

export function Button({ className, variant, size, asChild = false, type, ...props }: ButtonProps) {
  const Comp = asChild ? Slot.Root : 'button';
  return <Comp className={cn(buttonVariants({ variant, size }), className)} type={asChild ? undefined : (type ?? 'button')} {...props} />;
}
