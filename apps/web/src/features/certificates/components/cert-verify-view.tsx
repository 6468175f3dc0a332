import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { certificateVerifyPagePath } from '@ops/shared/schemas/certificates';
import { isApiError } from '@/lib/api-client.ts';
import { useCertificateVerification } from '../api/get-certificate-verification.ts';
import { CredentialCheck } from './credential-check.tsx';
import { ReferenceForm } from './reference-form.tsx';
import { VerificationResultView } from './verification-result.tsx';

const failureMessage = (error: unknown): string =>
  isApiError(error) && error.status > 0 ? error.message : 'The certificate could not be checked. Please try again.';

export const VERIFY_PAGE_TITLE = 'Verify certificate';

/** The public verify page: the answer for the reference in the address, then the forms to check another. */
export function CertVerifyView({ certificateRef }: { certificateRef: string }) {
  const [, navigate] = useLocation();
  const verification = useCertificateVerification(certificateRef);
  const pending = certificateRef !== '' && !verification.data && !verification.isError;

  useEffect(() => {
    const previous = document.title;
    document.title = VERIFY_PAGE_TITLE;
    return () => {
      document.title = previous;
    };
  }, []);

  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6 px-4 py-8 sm:px-6 sm:py-12">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">Certificate verification</h1>
        <p className="mt-2 text-muted-foreground">Check that a certificate from our training academy is genuine and current.</p>
      </div>
      {certificateRef ? (
        verification.data ? (
          <VerificationResultView result={verification.data} />
        ) : verification.isError ? (
          <p role="alert" className="rounded-xl border border-destructive/40 p-5">
            {failureMessage(verification.error)}
          </p>
        ) : (
          <p role="status" aria-busy="true" className="rounded-xl border p-5 text-muted-foreground">
            Checking {certificateRef}…
          </p>
        )
      ) : null}
      {/* While the answer is on its way the forms wait, so that its arrival pushes nothing down. */}
      {pending ? null : (
        <>
          <section aria-labelledby="verify-another" className="grid gap-3 rounded-xl border p-5 sm:p-6">
            <h2 id="verify-another" className="text-xl font-semibold">
              {certificateRef ? 'Verify another certificate' : 'Verify a certificate'}
            </h2>
            <ReferenceForm key={certificateRef} initial={certificateRef} onVerify={(ref) => navigate(certificateVerifyPagePath(ref))} />
          </section>
          <CredentialCheck />
        </>
      )}
    </div>
  );
}
