import type { ReactNode } from 'react';
import { Ban, CalendarX2, CircleAlert, Download, ShieldCheck } from 'lucide-react';
import { CERTIFICATE_TEXTS, type CertificateVerificationDto } from '@ops/shared/schemas/certificates';
import { buttonVariants } from '@/components/ui/button-variants.ts';
import type { VerificationResult } from '../api/get-certificate-verification.ts';
import { longDate, longDay } from './certificate-dates.ts';

const TONES = {
  valid: 'border-success/40 bg-success/5',
  expired: 'border-amber-500/60 bg-amber-50',
  revoked: 'border-destructive/40 bg-destructive/5',
  failed: 'border-destructive/40 bg-destructive/5',
} as const;

function Panel({ tone, children }: { tone: keyof typeof TONES; children: ReactNode }) {
  return <section className={`grid gap-4 rounded-xl border p-5 sm:p-6 ${TONES[tone]}`}>{children}</section>;
}

function Facts({ certificate }: { certificate: CertificateVerificationDto }) {
  const rows: [string, string][] = [
    ['Reference number', certificate.certificateRef],
    ['Student name', certificate.studentName],
    ['Course name', certificate.courseName],
    ['Issue date', longDay(certificate.issueDate)],
  ];
  return (
    <dl className="grid gap-3 sm:grid-cols-2">
      {rows.map(([term, value]) => (
        <div key={term} className="min-w-0">
          <dt className="text-sm text-muted-foreground">{term}</dt>
          <dd className={term === 'Reference number' ? 'font-mono font-semibold break-words' : 'font-semibold break-words'}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Found({ certificate }: { certificate: CertificateVerificationDto }) {
  if (certificate.state === 'revoked') {
    return (
      <Panel tone="revoked">
        <h2 className="flex items-center gap-2 text-2xl font-bold text-destructive">
          <Ban className="size-7 shrink-0" aria-hidden="true" />
          {CERTIFICATE_TEXTS.revokedTitle}
        </h2>
        <p>This certificate was revoked{certificate.revoked ? ` on ${longDate(certificate.revoked.at)}` : ''} and is no longer valid.</p>
        {certificate.revoked ? (
          <p>
            <span className="font-semibold">Reason:</span> {certificate.revoked.reason}
          </p>
        ) : null}
        <Facts certificate={certificate} />
      </Panel>
    );
  }
  const expired = certificate.state === 'expired';
  return (
    <Panel tone={expired ? 'expired' : 'valid'}>
      {expired ? (
        <h2 className="flex items-center gap-2 text-2xl font-bold">
          <CalendarX2 className="size-7 shrink-0" aria-hidden="true" />
          {CERTIFICATE_TEXTS.expiredTitle}
        </h2>
      ) : (
        <h2 className="flex items-center gap-2 text-2xl font-bold text-success">
          <ShieldCheck className="size-7 shrink-0" aria-hidden="true" />
          {CERTIFICATE_TEXTS.verified}
        </h2>
      )}
      {expired && certificate.expiresOn ? (
        <p className="font-semibold">This certificate expired on {longDay(certificate.expiresOn)}. The holder needs to re-certify.</p>
      ) : null}
      <Facts certificate={certificate} />
      {!expired ? <p>{certificate.expiresOn ? `Valid until ${longDay(certificate.expiresOn)}` : 'Does not expire'}</p> : null}
      {certificate.cobrand ? (
        <p className="font-medium">
          Audited by {certificate.cobrand.body} on {longDate(certificate.cobrand.auditedAt)}
        </p>
      ) : null}
      <p className="text-sm text-muted-foreground">{CERTIFICATE_TEXTS.issuedByProvider}</p>
      {certificate.pdfUrl ? (
        <a href={certificate.pdfUrl} target="_blank" rel="noopener noreferrer" className={`${buttonVariants()} w-fit`}>
          <Download className="size-4" aria-hidden="true" />
          Download Certificate
          <span className="sr-only">(opens in a new tab)</span>
        </a>
      ) : null}
    </Panel>
  );
}

/** The answer for one reference number, in the words an employer needs. */
export function VerificationResultView({ result }: { result: VerificationResult }) {
  if (result.kind === 'found') return <Found certificate={result.certificate} />;
  if (result.kind === 'too-many') {
    return (
      <Panel tone="failed">
        <p role="alert" className="flex items-center gap-2 font-semibold">
          <CircleAlert className="size-5 shrink-0" aria-hidden="true" />
          {result.message}
        </p>
      </Panel>
    );
  }
  return (
    <Panel tone="failed">
      <h2 className="flex items-center gap-2 text-2xl font-bold text-destructive">
        <CircleAlert className="size-7 shrink-0" aria-hidden="true" />
        {CERTIFICATE_TEXTS.verificationFailed}
      </h2>
      <p>{result.message ?? CERTIFICATE_TEXTS.notFoundFallback}</p>
      <p className="text-muted-foreground">{CERTIFICATE_TEXTS.checkAdvice}</p>
    </Panel>
  );
}
