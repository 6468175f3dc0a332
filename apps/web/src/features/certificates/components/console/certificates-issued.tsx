import { useState } from 'react';
import { Award, ExternalLink } from 'lucide-react';
import { TRAINING_TEXTS } from '@ops/shared/schemas/admin-training';
import { CERTIFICATE_TEXTS, certificateVerifyPagePath, revokeCertificateInput, type AdminCertificateDto } from '@ops/shared/schemas/certificates';
import { EmptyState } from '@/components/empty-state.tsx';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card } from '@/components/ui/card.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table.tsx';
import { STACK_BELOW } from '@/components/console/admin-table.tsx';
import { messageFrom, notifyError, notifySuccess } from '@/lib/notify.ts';
import { formatDay } from '@/lib/format-console-date.ts';
import { LoadState } from '@/components/console/load-state.tsx';
import { useAdminCertificates } from '../../api/get-admin-certificates.ts';
import { useRevokeCertificate } from '../../api/revoke-certificate.ts';
import { CertificateStateBadge, firstIssue } from './certificates-format.tsx';
import { ReasonDialog } from './certificates-reason-dialog.tsx';

/** Every certificate issued, with its public verify page (a new window) and revoking. */
export function IssuedCertificates() {
  const certificates = useAdminCertificates();
  const revoke = useRevokeCertificate();
  const [revoking, setRevoking] = useState<AdminCertificateDto | null>(null);

  const confirmRevoke = (reason: string) => {
    if (!revoking) return;
    revoke.mutate(
      { id: revoking.id, input: { reason } },
      {
        onSuccess: () => {
          notifySuccess(CERTIFICATE_TEXTS.revoked);
          setRevoking(null);
        },
        onError: (error) => notifyError(messageFrom(error)),
      },
    );
  };

  return (
    <section aria-labelledby="issued-certificates" className="grid gap-3">
      <h3 id="issued-certificates" className="text-lg font-semibold">
        Issued certificates
      </h3>
      <LoadState query={certificates} label="certificates">
        {certificates.data?.length === 0 ? (
          <EmptyState icon={Award} headingLevel="h3" title={TRAINING_TEXTS.noCertificates}>
            Choose a cohort above and generate certificates for the students who qualify.
          </EmptyState>
        ) : (
          <Card className="min-w-0 overflow-hidden">
            <Table aria-label="Issued certificates" stackBelow={STACK_BELOW}>
              <TableHeader>
                <TableRow>
                  <TableHead>Reference</TableHead>
                  <TableHead>Student</TableHead>
                  <TableHead>Course</TableHead>
                  <TableHead>Dates</TableHead>
                  <TableHead>
                    <span className="sr-only">Actions</span>
                  </TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {certificates.data?.map((cert) => (
                  <TableRow key={cert.id}>
                    <TableCell stackedPlace="title">
                      {/* The state under the reference: the table then fits beside the console's menu at 1280 px. */}
                      <div className="grid justify-items-start gap-1">
                        <span className="font-mono whitespace-nowrap">{cert.certificateRef}</span>
                        <CertificateStateBadge state={cert.state} />
                      </div>
                    </TableCell>
                    <TableCell label="Student" className="min-w-36">
                      {cert.studentName}
                    </TableCell>
                    <TableCell label="Course">
                      <div className="grid min-w-40 gap-1">
                        <span>{cert.courseName}</span>
                        {cert.cobranded ? (
                          <Badge variant="accent" className="w-fit">
                            EBSSA
                          </Badge>
                        ) : null}
                      </div>
                    </TableCell>
                    <TableCell label="Dates" className="whitespace-nowrap">
                      <div className="grid gap-0.5">
                        <span>Issued {formatDay(cert.issueDate)}</span>
                        <span className="text-muted-foreground">{cert.expiresOn ? `Expires ${formatDay(cert.expiresOn)}` : 'Does not expire'}</span>
                      </div>
                    </TableCell>
                    <TableCell stackedPlace="actions">
                      <div className="flex justify-end gap-1">
                        <Button asChild variant="ghost" size="sm">
                          <a
                            href={cert.verifyPath || certificateVerifyPagePath(cert.certificateRef)}
                            target="_blank"
                            rel="noopener noreferrer"
                            aria-label={`Verify ${cert.certificateRef} (opens in a new window)`}
                          >
                            <ExternalLink aria-hidden="true" />
                            Verify
                          </a>
                        </Button>
                        {cert.state === 'revoked' ? null : (
                          <Button
                            variant="ghost"
                            size="sm"
                            className="text-destructive"
                            aria-label={`Revoke ${cert.certificateRef}`}
                            onClick={() => setRevoking(cert)}
                          >
                            Revoke
                          </Button>
                        )}
                      </div>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Card>
        )}
      </LoadState>
      <ReasonDialog
        key={revoking?.id ?? 'none'}
        open={revoking !== null}
        title="Revoke certificate"
        description={
          revoking ? `${revoking.certificateRef}, ${revoking.studentName}, ${revoking.courseName}. The verify page will say it was revoked, and why.` : ''
        }
        label="Reason for revoking"
        confirm="Revoke"
        busyText="Revoking..."
        destructive
        pending={revoke.isPending}
        check={(reason) => firstIssue(revokeCertificateInput.safeParse({ reason }))}
        onConfirm={confirmRevoke}
        onClose={() => setRevoking(null)}
      />
    </section>
  );
}
