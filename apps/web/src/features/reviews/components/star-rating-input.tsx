import { RadioGroup as RadioGroupPrimitive } from 'radix-ui';
import { Star } from 'lucide-react';
import { cn } from '@/lib/utils.ts';

interface StarRatingInputProps {
  labelledBy: string;
  value: number;
  onChange: (value: number) => void;
  invalid?: boolean;
  describedBy?: string | undefined;
}

const STARS = [1, 2, 3, 4, 5] as const;

/** A radio group of five stars: arrow keys move between them, each is read as '4 stars'. */
export function StarRatingInput({ labelledBy, value, onChange, invalid, describedBy }: StarRatingInputProps) {
  return (
    <RadioGroupPrimitive.Root
      aria-labelledby={labelledBy}
      aria-invalid={invalid}
      aria-describedby={describedBy}
      orientation="horizontal"
      value={value > 0 ? String(value) : ''}
      onValueChange={(next) => onChange(Number(next))}
      className="flex gap-1"
    >
      {STARS.map((star) => (
        <RadioGroupPrimitive.Item
          key={star}
          value={String(star)}
          aria-label={`${star} ${star === 1 ? 'star' : 'stars'}`}
          className="rounded-md p-1 focus-visible:outline-2 focus-visible:outline-ring"
        >
          <Star className={cn('size-8', star <= value ? 'fill-accent text-accent' : 'text-input')} aria-hidden="true" />
        </RadioGroupPrimitive.Item>
      ))}
    </RadioGroupPrimitive.Root>
  );
}
