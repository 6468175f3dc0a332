import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { RadioGroup as RadioGroupPrimitive } from 'radix-ui';
import { KES_PER_USD } from '@ops/shared/constants';
import { formatKes, usdToKes } from '@ops/shared/money';
import type { UpdateGuardProfileData, UpdateGuardProfileInput } from '@ops/shared/schemas/guards';
import { FormField } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';

type GuardProfileForm = UseFormReturn<UpdateGuardProfileInput, unknown, UpdateGuardProfileData>;
type RateField = 'rateHourly' | 'rateDaily';
type Currency = 'KES' | 'USD';

const CURRENCIES: readonly Currency[] = ['KES', 'USD'];

/** Blank is 'no rate'; anything else is read as a number (the schema explains a bad one). */
export const readRate = (value: unknown): number | null => (value === '' || value === null || value === undefined ? null : Number(value));

const isAmount = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const kesToUsd = (kes: number) => Math.round((kes / KES_PER_USD) * 100) / 100;

/**
 * The KES figure each USD figure was converted from. 1,200 KES shows as $8.28, which is 1,201 KES:
 * a rate the guard did not touch must come back (and be saved) as the 1,200 it was, not drift.
 */
export type RateMemory = Map<RateField, { usd: number; kes: number }>;

/** The KES a USD rate stands for: the remembered original when untouched, else converted. */
function kesFor(memory: RateMemory, name: RateField, usd: number): number {
  const remembered = memory.get(name);
  return remembered?.usd === usd ? remembered.kes : usdToKes(usd);
}

/** The USD rate to send: an untouched one exactly (so the server's conversion lands on the original KES). */
export function exactUsd(memory: RateMemory, name: RateField, usd: number | null): number | null {
  const remembered = memory.get(name);
  return usd !== null && remembered?.usd === usd ? remembered.kes / KES_PER_USD : usd;
}

function KesHint({ form, name, memory }: { form: GuardProfileForm; name: RateField; memory: RateMemory }) {
  const value = useWatch({ control: form.control, name });
  return <>{isAmount(value) ? `≈ ${formatKes(kesFor(memory, name, value))}` : `Converted to KES at ${KES_PER_USD} KES per USD`}</>;
}

/** Hourly and daily rate, typed in KES or USD; USD is shown with its KES value and stored as KES. */
export function RateFields({ form, memory }: { form: GuardProfileForm; memory: RateMemory }) {
  const currency = useWatch({ control: form.control, name: 'rateCurrency' }) ?? 'KES';
  const errors = form.formState.errors;

  const switchTo = (next: Currency) => {
    if (next === currency) return;
    for (const name of ['rateHourly', 'rateDaily'] as const) {
      const value = form.getValues(name);
      if (!isAmount(value)) continue;
      if (next === 'USD') {
        const usd = kesToUsd(value);
        memory.set(name, { usd, kes: value });
        form.setValue(name, usd, { shouldDirty: true });
      } else {
        form.setValue(name, kesFor(memory, name, value), { shouldDirty: true });
      }
    }
  };

  const rateInput = (name: RateField, label: string) => (
    <FormField
      id={`guard-${name}`}
      label={`${label} (${currency})`}
      error={errors[name]?.message}
      hint={currency === 'USD' ? <KesHint form={form} name={name} memory={memory} /> : undefined}
    >
      {(c) => (
        <Input
          inputMode="decimal"
          autoComplete="off"
          placeholder={currency === 'USD' ? '0.00' : '0'}
          {...c}
          {...form.register(name, { setValueAs: readRate })}
        />
      )}
    </FormField>
  );

  return (
    <fieldset className="grid gap-4">
      <legend className="mb-2 text-sm font-medium">Rates</legend>
      <Controller
        control={form.control}
        name="rateCurrency"
        render={({ field }) => (
          <RadioGroupPrimitive.Root
            aria-label="Rate currency"
            orientation="horizontal"
            value={field.value ?? 'KES'}
            onValueChange={(value) => {
              const next = value === 'USD' ? 'USD' : 'KES';
              switchTo(next);
              field.onChange(next);
            }}
            className="inline-flex w-fit rounded-md border p-1"
          >
            {CURRENCIES.map((option) => (
              <RadioGroupPrimitive.Item
                key={option}
                value={option}
                className="min-w-16 rounded px-3 py-1.5 text-sm font-medium text-muted-foreground focus-visible:outline-2 focus-visible:outline-ring data-[state=checked]:bg-primary data-[state=checked]:text-primary-foreground"
              >
                {option}
              </RadioGroupPrimitive.Item>
            ))}
          </RadioGroupPrimitive.Root>
        )}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        {rateInput('rateHourly', 'Hourly Rate')}
        {rateInput('rateDaily', 'Daily Rate')}
      </div>
    </fieldset>
  );
}
