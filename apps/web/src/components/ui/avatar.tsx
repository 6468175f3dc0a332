import { Avatar as AvatarPrimitive } from 'radix-ui';
import { initials } from '@/lib/initials.ts';
import { cn } from '@/lib/utils.ts';

const sizes = {
  sm: 'size-10 text-sm',
  md: 'size-14 text-lg',
  lg: 'size-24 text-3xl',
} as const;

interface AvatarProps {
  name: string;
  src: string | null;
  size?: keyof typeof sizes;
  className?: string;
}

/** A person's photo, or their initials while it loads or when there is none. */
export function Avatar({ name, src, size = 'md', className }: AvatarProps) {
  return (
    <AvatarPrimitive.Root className={cn('relative inline-flex shrink-0 overflow-hidden rounded-full bg-primary', sizes[size], className)}>
      {src ? <AvatarPrimitive.Image src={src} alt={name} className="size-full object-cover" /> : null}
      <AvatarPrimitive.Fallback className="flex size-full items-center justify-center font-semibold text-primary-foreground" aria-hidden="true">
        {initials(name)}
      </AvatarPrimitive.Fallback>
    </AvatarPrimitive.Root>
  );
}
