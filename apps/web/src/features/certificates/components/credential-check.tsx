import { useId, useState, type ChangeEvent } from 'react';
import { Check, X } from 'lucide-react';
import { CREDENTIAL_MAX_BYTES, type CredentialCheckDto } from '@ops/shared/schemas/certificates';
import { isApiError } from '@/lib/api-client.ts';
import { useVerifyCredential } from '../api/verify-credential.ts';
import { longDay } from './certificate-dates.ts';

const failureMessage = (error: unknown): string =>
  isApiError(error) && error.status > 0 ? error.message : 'The credential could not be checked. Please try again.';

const CHECKS: [keyof Omit<CredentialCheckDto, 'valid' | 'certificate'>, string][] = [
  ['signature', 'Signature'],
  ['issuer', 'Issuer'],
  ['notRevoked', 'Not revoked'],
  ['notExpired', 'Not expired'],
];

/** The file's text (FileReader rather than Blob.text(), which some browsers still lack). */
function readText(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsText(file);
  });
}

function CheckLine({ label, ok }: { label: string; ok: boolean }) {
  return (
    <li className="flex items-center gap-2">
      <span
        className={`inline-flex size-6 shrink-0 items-center justify-center rounded-full text-white ${ok ? 'bg-success' : 'bg-destructive'}`}
        aria-hidden="true"
      >
        {ok ? <Check className="size-4" /> : <X className="size-4" />}
      </span>
      <span>
        {label}: <span className="font-semibold">{ok ? 'passed' : 'failed'}</span>
      </span>
    </li>
  );
}

function CheckResult({ result }: { result: CredentialCheckDto }) {
  const said = result.certificate;
  return (
    <div className="grid gap-3" role="status">
      <ul className="grid gap-2" aria-label="Credential checks">
        {CHECKS.map(([key, label]) => (
          <CheckLine key={key} label={label} ok={result[key]} />
        ))}
      </ul>
      <p className={`text-lg font-bold ${result.valid ? 'text-success' : 'text-destructive'}`}>
        {result.valid ? 'This credential is valid.' : 'This credential is not valid.'}
      </p>
      {said ? (
        <div className="grid gap-1 text-sm">
          <p className="font-semibold">What the credential says</p>
          <p>
            {said.studentName} completed {said.courseName}, issued {longDay(said.issueDate)}
            {said.expiresOn ? `, valid until ${longDay(said.expiresOn)}` : ''}.
          </p>
          <p>
            Reference number <span className="font-mono">{said.certificateRef}</span>
          </p>
        </div>
      ) : null}
    </div>
  );
}

/** An employer's software-free check of a downloaded credential file (.json). */
export function CredentialCheck() {
  const inputId = useId();
  const hintId = useId();
  const verify = useVerifyCredential();
  const [fileError, setFileError] = useState<string | null>(null);

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    verify.reset();
    setFileError(null);
    if (!file) return;
    if (file.size > CREDENTIAL_MAX_BYTES) {
      setFileError('This file is too large to be a credential');
      return;
    }
    try {
      verify.mutate(await readText(file));
    } catch {
      setFileError('This file could not be read');
    }
  };

  const error = fileError ?? (verify.error ? failureMessage(verify.error) : null);
  return (
    <section aria-labelledby={`${inputId}-heading`} className="grid gap-3 rounded-xl border p-5 sm:p-6">
      <h2 id={`${inputId}-heading`} className="text-xl font-semibold">
        Check a digital credential
      </h2>
      <p id={hintId} className="text-sm text-muted-foreground">
        Each certificate also comes as a signed credential file (.json). Choose one to check its signature, issuer, revocation and expiry.
      </p>
      <div className="grid gap-2">
        <label htmlFor={inputId} className="text-sm font-medium">
          Credential file
        </label>
        <input
          id={inputId}
          type="file"
          accept=".json,application/json,application/ld+json"
          aria-describedby={hintId}
          onChange={(event) => void onFile(event)}
          className="block w-full text-sm file:mr-3 file:rounded-md file:border file:border-input file:bg-background file:px-3 file:py-2 file:text-sm file:font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        />
      </div>
      {verify.isPending ? <p role="status">Checking the credential…</p> : null}
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
      {verify.data ? <CheckResult result={verify.data} /> : null}
    </section>
  );
}
