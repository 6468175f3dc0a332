import type { ReactNode } from 'react';
import { Check, ExternalLink, Minus } from 'lucide-react';
import { CREDENTIAL_LABELS, type CredentialStatus } from '@ops/shared/domain/guard-credentials';
import { ONBOARDING_STAGE_LABELS, ONBOARDING_STAGES } from '@ops/shared/domain/officer-onboarding';
import { formatKes } from '@ops/shared/money';
import type { AdminGuardDetail } from '@ops/shared/schemas/admin';
import { GUARD_DOCUMENT_KIND_LABELS, type GuardDocumentKind } from '@ops/shared/schemas/guard-documents';
import { Avatar } from '@/components/ui/avatar.tsx';
import { Badge } from '@/components/ui/badge.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { messageFrom } from '@/lib/notify.ts';
import { formatDay, formatNairobiDateTime } from '@/lib/format-console-date.ts';
import { useAdminGuard } from '../../api/get-admin-guard.ts';
import { GuardStatusBadge } from './guard-status.tsx';

/** Opens a guard's console profile: the id to read and the name to show at once. */
export interface GuardProfileTarget {
  profileId: string;
  fullName: string;
}

const STATE_WORDS: Record<CredentialStatus['state'], string> = {
  missing: 'Missing',
  expired: 'Expired',
  expiring: 'Expiring soon',
  valid: 'Valid',
};

/** Read through the API, which checks that an admin is asking and logs the view. */
export const guardDocumentHref = (documentId: string) => `/api/guard-documents/${encodeURIComponent(documentId)}?disposition=inline`;

const kindLabel = (kind: string): string => GUARD_DOCUMENT_KIND_LABELS[kind as GuardDocumentKind] ?? kind;

export const experienceLabel = (years: number) => (years === 1 ? '1 year' : `${years} years`);

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="grid gap-2">
      <h3 className="text-sm font-semibold">{title}</h3>
      {children}
    </section>
  );
}

function CredentialLine({ status, detail }: { status: CredentialStatus; detail: string | null }) {
  const bad = status.state === 'missing' || status.state === 'expired';
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 rounded-md border px-3 py-2 text-sm">
      <span className="grid">
        <span className="font-medium">{CREDENTIAL_LABELS[status.credential]}</span>
        <span className="text-muted-foreground">
          {[detail, status.expiresOn ? `Valid until ${formatDay(status.expiresOn)}` : null].filter(Boolean).join(' · ') || 'Not recorded'}
        </span>
      </span>
      <Badge variant={bad ? 'destructive' : status.state === 'expiring' ? 'accent' : 'secondary'}>{STATE_WORDS[status.state]}</Badge>
    </li>
  );
}

/** Everything the office reads about a guard, read-only; the dialog's and any other view's body. */
export function GuardProfileDetails({ guard }: { guard: AdminGuardDetail }) {
  const { credentials } = guard;
  const details: Record<CredentialStatus['credential'], string | null> = {
    psra_licence: credentials.psraLicenceNumber ? `No. ${credentials.psraLicenceNumber}` : null,
    police_clearance: credentials.policeClearanceIssuedOn ? `Issued ${formatDay(credentials.policeClearanceIssuedOn)}` : null,
  };
  return (
    <div className="grid gap-5">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted-foreground">E-mail</dt>
        <dd className="break-all">{guard.email}</dd>
        <dt className="text-muted-foreground">Phone</dt>
        <dd>{guard.phone ? `+${guard.phone}` : 'Not given'}</dd>
        <dt className="text-muted-foreground">Specialization</dt>
        <dd>{guard.specialization ?? 'Not given'}</dd>
        <dt className="text-muted-foreground">Experience</dt>
        <dd>{experienceLabel(guard.experienceYears)}</dd>
        <dt className="text-muted-foreground">Rates</dt>
        <dd>
          {guard.rateHourly !== null ? `${formatKes(guard.rateHourly)} per hour` : 'No hourly rate'}
          {guard.rateDaily !== null ? ` · ${formatKes(guard.rateDaily)} per day` : ''}
        </dd>
        <dt className="text-muted-foreground">Rating</dt>
        <dd>{guard.averageRating !== null ? `${guard.averageRating.toFixed(1)} (${guard.reviewCount} reviews)` : 'No reviews yet'}</dd>
        <dt className="text-muted-foreground">Joined</dt>
        <dd>{formatNairobiDateTime(guard.createdAt)}</dd>
      </dl>

      {guard.rejectionReason ? (
        <p className="rounded-md bg-muted px-3 py-2 text-sm">
          <span className="font-medium">Rejection reason: </span>
          {guard.rejectionReason}
        </p>
      ) : null}

      <Section title="Bio">
        <p className="text-sm whitespace-pre-line text-muted-foreground">{guard.bio || 'No bio yet.'}</p>
      </Section>

      <Section title="Skills">
        {guard.skills.length > 0 ? (
          <ul className="flex flex-wrap gap-1.5">
            {guard.skills.map((skill) => (
              <li key={skill}>
                <Badge variant="secondary">{skill}</Badge>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">No skills listed.</p>
        )}
      </Section>

      <Section title="PSRA licence and police clearance">
        <ul className="grid gap-2">
          {credentials.statuses.map((status) => (
            <CredentialLine key={status.credential} status={status} detail={details[status.credential]} />
          ))}
        </ul>
        {credentials.problem ? <p className="text-sm text-destructive">{credentials.problem}</p> : null}
      </Section>

      <Section title="Onboarding">
        <ul className="grid gap-1 text-sm sm:grid-cols-2">
          {ONBOARDING_STAGES.map((stage) => (
            <li key={stage} className="flex items-center gap-2">
              {guard.onboarding[stage] ? (
                <Check className="size-4 text-success" aria-hidden="true" />
              ) : (
                <Minus className="size-4 text-muted-foreground" aria-hidden="true" />
              )}
              {ONBOARDING_STAGE_LABELS[stage]}
              <span className="sr-only">{guard.onboarding[stage] ? ': done' : ': not yet'}</span>
            </li>
          ))}
        </ul>
      </Section>

      <Section title="Documents">
        {guard.documents.length === 0 ? (
          <p className="text-sm text-muted-foreground">No documents uploaded.</p>
        ) : (
          <ul className="grid gap-2">
            {guard.documents.map((doc) => (
              <li key={doc.id} className="flex flex-wrap items-center justify-between gap-2 rounded-md border px-3 py-2 text-sm">
                <span className="grid min-w-0">
                  <span className="font-medium">{kindLabel(doc.kind)}</span>
                  <span className="break-all text-muted-foreground">{doc.originalName}</span>
                </span>
                <a
                  href={guardDocumentHref(doc.id)}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={`Open ${kindLabel(doc.kind)} in a new tab`}
                  className="inline-flex items-center gap-1 font-medium text-primary hover:underline"
                >
                  Open
                  <ExternalLink className="size-4" aria-hidden="true" />
                </a>
              </li>
            ))}
          </ul>
        )}
      </Section>
    </div>
  );
}

interface GuardProfileDialogProps {
  guard: GuardProfileTarget | null;
  onClose: () => void;
  /** Buttons under the profile (approve, reject...), given the loaded profile. */
  actions?: (guard: AdminGuardDetail) => ReactNode;
  description?: string;
}

/** A guard's profile in the console (GET /api/admin/guards/:profileId), with the caller's actions. */
export function GuardProfileDialog({ guard: target, onClose, actions, description = 'Guard profile' }: GuardProfileDialogProps) {
  const detail = useAdminGuard(target?.profileId ?? null);
  const guard = detail.data;
  return (
    <Dialog open={target !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <div className="flex flex-wrap items-center gap-3">
            <Avatar name={target?.fullName ?? ''} src={guard?.avatarUrl ?? null} size="sm" />
            <DialogTitle>{target?.fullName}</DialogTitle>
            {guard ? <GuardStatusBadge guard={guard} /> : null}
          </div>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {guard ? (
          <GuardProfileDetails guard={guard} />
        ) : detail.isError ? (
          <p role="alert" className="text-sm text-destructive">
            Failed to load the profile: {messageFrom(detail.error)}
          </p>
        ) : (
          <div role="status" aria-label="Loading profile" className="grid gap-3">
            <Skeleton className="h-24 w-full" />
            <Skeleton className="h-16 w-full" />
            <Skeleton className="h-16 w-full" />
          </div>
        )}
        {guard && actions ? <DialogFooter>{actions(guard)}</DialogFooter> : null}
      </DialogContent>
    </Dialog>
  );
}
