import { Award, Download, ExternalLink, FileBadge, RefreshCw } from 'lucide-react';
import { certificateVerifyPagePath, type CertificateState, type StudentCertificateDto } from '@ops/shared/schemas/certificates';
import { EmptyState } from '@/components/empty-state.tsx';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { useErrorToast } from '@/lib/use-error-toast.ts';
import { useStudentCertificates } from '../api/get-student-certificates.ts';
import { formatDay } from '../format.ts';

const LOAD_FAILED = 'Failed to load your certificates';
const STATE_WORDS: Record<CertificateState, string> = { valid: 'Valid', expired: 'Expired', revoked: 'Revoked' };
const STATE_VARIANTS = { valid: 'default', expired: 'secondary', revoked: 'destructive' } as const;

function CertificateItem({ certificate }: { certificate: StudentCertificateDto }) {
  const downloadable = certificate.state !== 'revoked';
  return (
    <li className="grid gap-3 rounded-lg border p-4 text-sm sm:grid-cols-[1fr_auto] sm:items-center">
      <div className="grid min-w-0 gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="text-base font-semibold break-words">{certificate.courseName}</h3>
          <Badge variant={STATE_VARIANTS[certificate.state]}>{STATE_WORDS[certificate.state]}</Badge>
          {certificate.cobranded ? <Badge variant="accent">EBSSA Audited</Badge> : null}
        </div>
        <p className="text-muted-foreground">
          Issued {formatDay(certificate.issueDate)} · {certificate.expiresOn ? `Valid until ${formatDay(certificate.expiresOn)}` : 'Does not expire'}
        </p>
        <p className="font-mono text-xs break-all text-muted-foreground">{certificate.certificateRef}</p>
      </div>
      <div className="flex flex-wrap gap-2">
        {downloadable ? (
          <>
            <Button asChild variant="outline" size="sm">
              <a href={certificate.pdfUrl} download aria-label={`Download PDF of ${certificate.courseName} certificate`}>
                <Download aria-hidden="true" />
                Download PDF
              </a>
            </Button>
            <Button asChild variant="outline" size="sm">
              <a href={certificate.credentialUrl} download aria-label={`Download credential of ${certificate.courseName} certificate`}>
                <FileBadge aria-hidden="true" />
                Download credential
              </a>
            </Button>
          </>
        ) : null}
        <Button asChild variant="ghost" size="sm">
          <a
            href={certificateVerifyPagePath(certificate.certificateRef)}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`Verify link of ${certificate.courseName} certificate (opens in a new tab)`}
          >
            <ExternalLink aria-hidden="true" />
            Verify link
          </a>
        </Button>
      </div>
    </li>
  );
}

/** The student's certificates: the PDF, the signed credential and the public verify page of each. */
export function CertificatesTab() {
  const certificates = useStudentCertificates();
  useErrorToast(certificates.error, LOAD_FAILED);

  if (certificates.isError) {
    return (
      <div role="alert" className="grid justify-items-start gap-3 rounded-xl border border-dashed p-6 text-sm">
        <p>{LOAD_FAILED}</p>
        <Button type="button" variant="outline" size="sm" onClick={() => void certificates.refetch()}>
          <RefreshCw aria-hidden="true" />
          Try again
        </Button>
      </div>
    );
  }
  if (!certificates.data) {
    return (
      <div className="grid gap-3" aria-busy="true">
        <span className="sr-only">Loading…</span>
        <Skeleton className="h-24" />
      </div>
    );
  }
  if (certificates.data.length === 0) {
    return (
      <EmptyState icon={Award} title="No certificates yet" headingLevel="h3">
        Your certificate appears here once you complete a course.
      </EmptyState>
    );
  }
  return (
    <ul aria-label="Your certificates" className="grid gap-3">
      {certificates.data.map((certificate) => (
        <CertificateItem key={certificate.id} certificate={certificate} />
      ))}
    </ul>
  );
}
