import { RefreshCw } from 'lucide-react';
import {
  GUARD_CERTIFICATES_MAX,
  GUARD_DOCUMENT_KIND_LABELS,
  GUARD_DOCUMENT_KINDS,
  GUARD_DOCUMENT_MAX_LABEL,
  GUARD_DOCUMENT_MESSAGES,
  type GuardDocumentDto,
  type GuardDocumentKind,
} from '@ops/shared/schemas/guard-documents';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { Separator } from '@/components/ui/separator.tsx';
import { LoadingMessage } from '@/components/ui/spinner.tsx';
import { useGuardDocuments } from '../api/get-guard-documents.ts';
import { CredentialStatuses } from './credential-statuses.tsx';
import { GuardCredentialsForm } from './guard-credentials-form.tsx';
import { GuardDocumentList } from './guard-document-list.tsx';
import { GuardDocumentUpload } from './guard-document-upload.tsx';

const SECTION_TITLES: Record<GuardDocumentKind, string> = { ...GUARD_DOCUMENT_KIND_LABELS, certificate: 'Other certificates' };

function uploadAction(kind: GuardDocumentKind, count: number): string {
  if (kind === 'certificate') return 'Add certificate';
  return `${count > 0 ? 'Replace' : 'Upload'} ${GUARD_DOCUMENT_KIND_LABELS[kind]}`;
}

function DocumentSection({ kind, documents }: { kind: GuardDocumentKind; documents: GuardDocumentDto[] }) {
  const title = SECTION_TITLES[kind];
  const blocked = kind === 'certificate' && documents.length >= GUARD_CERTIFICATES_MAX ? GUARD_DOCUMENT_MESSAGES.tooManyCertificates : null;
  return (
    <section aria-labelledby={`documents-${kind}`} className="grid gap-2">
      <h3 id={`documents-${kind}`} className="text-sm font-semibold">
        {title}
      </h3>
      <GuardDocumentList documents={documents} label={title} />
      <GuardDocumentUpload kind={kind} action={uploadAction(kind, documents.length)} blocked={blocked} />
    </section>
  );
}

/** A guard's PSRA licence and police clearance, and the documents behind them. Only the guard and admins see these. */
export function GuardDocumentsCard() {
  const query = useGuardDocuments();

  return (
    <Card>
      <CardHeader>
        <CardTitle>Documents and licences</CardTitle>
        <CardDescription>Clients can book you only while your PSRA licence and police clearance are valid.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {query.isPending ? (
          <LoadingMessage text="Loading documents..." className="py-8" />
        ) : query.isError ? (
          <div className="grid justify-items-start gap-3">
            <p className="text-muted-foreground">Your documents could not be loaded.</p>
            <Button variant="outline" onClick={() => void query.refetch()}>
              <RefreshCw aria-hidden="true" />
              Try again
            </Button>
          </div>
        ) : (
          <>
            <CredentialStatuses statuses={query.data.credentials.statuses} />
            <GuardCredentialsForm credentials={query.data.credentials} />
            <Separator />
            <div className="grid gap-5">
              <p className="text-sm text-muted-foreground">
                PDF, JPEG or PNG, up to {GUARD_DOCUMENT_MAX_LABEL} each. Only you and our team can open them.
              </p>
              {GUARD_DOCUMENT_KINDS.map((kind) => (
                <DocumentSection key={kind} kind={kind} documents={query.data.documents.filter((d) => d.kind === kind)} />
              ))}
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}
