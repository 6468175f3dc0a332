import { Award, ExternalLink } from 'lucide-react';
import { TRAINING_TEXTS, certificateVerifyPath } from '@ops/shared/schemas/admin-training';
import { EmptyState } from '@/components/empty-state.tsx';
import { Badge } from '@/components/ui/badge.tsx';
import { Card } from '@/components/ui/card.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table.tsx';
import { useCertificates } from '../../api/admin-training.ts';
import { formatDay } from '../../format.ts';
import { LoadState } from './training-shared.tsx';

/** The certificates issued so far; each reference opens its public verification page in a new tab. */
export function CertificatesTab() {
  const certificates = useCertificates();
  return (
    <LoadState query={certificates} label="certificates">
      {certificates.data?.length === 0 ? (
        <EmptyState icon={Award} headingLevel="h3" title={TRAINING_TEXTS.noCertificates}>
          Issuing certificates comes with the certificates release.
        </EmptyState>
      ) : (
        <Card className="min-w-0 overflow-hidden">
          <Table aria-label="Certificates">
            <TableHeader>
              <TableRow>
                <TableHead>Reference</TableHead>
                <TableHead>Student</TableHead>
                <TableHead>Course</TableHead>
                <TableHead>Issued</TableHead>
                <TableHead>Co-branded</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {certificates.data?.map((cert) => (
                <TableRow key={cert.id}>
                  <TableCell>
                    <a
                      href={certificateVerifyPath(cert.certificateRef)}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="inline-flex items-center gap-1 font-mono text-primary underline-offset-4 hover:underline"
                    >
                      {cert.certificateRef}
                      <ExternalLink className="size-3.5" aria-hidden="true" />
                      <span className="sr-only">(opens in a new tab)</span>
                    </a>
                  </TableCell>
                  <TableCell>{cert.studentName}</TableCell>
                  <TableCell>{cert.courseName}</TableCell>
                  <TableCell className="whitespace-nowrap">{formatDay(cert.issueDate)}</TableCell>
                  <TableCell>{cert.cobranded ? <Badge variant="accent">EBSSA</Badge> : <span className="text-muted-foreground">No</span>}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Card>
      )}
    </LoadState>
  );
}
