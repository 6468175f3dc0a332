import { useId, useState, type FormEvent } from 'react';
import { Search } from 'lucide-react';
import { buttonVariants } from '@/components/ui/button-variants.ts';

/** Type a reference number (printed on the certificate) and look it up. */
export function ReferenceForm({ initial, onVerify }: { initial: string; onVerify: (ref: string) => void }) {
  const id = useId();
  const errorId = useId();
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const ref = value.trim().toUpperCase();
    if (!ref) {
      setError('Enter the reference number printed on the certificate');
      return;
    }
    setError(null);
    onVerify(ref);
  };
  return (
    <form onSubmit={submit} noValidate className="grid gap-2" aria-label="Verify a reference number">
      <label htmlFor={id} className="text-sm font-medium">
        Reference number
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          id={id}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder="OPS-XXXXX-XXXXX-XXXXX-X"
          className="flex h-10 w-full rounded-md border border-input bg-background px-3 py-2 font-mono text-base text-foreground placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring aria-invalid:border-destructive sm:text-sm"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        <button type="submit" className={buttonVariants()}>
          <Search aria-hidden="true" />
          Verify
        </button>
      </div>
      {error ? (
        <p id={errorId} className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </form>
  );
}
