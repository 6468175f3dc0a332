import { z } from 'zod';

/** GET /api/audit-events: newest first, a page at a time, optionally about one person or one action. */
export const auditEventListQuery = z.object({
  subjectProfileId: z.uuid({ error: 'Unknown person' }).optional(),
  actorProfileId: z.uuid({ error: 'Unknown person' }).optional(),
  action: z
    .string()
    .regex(/^[a-z_]+\.[a-z_]+$/, 'Unknown action')
    .optional(),
  page: z.coerce.number({ error: 'Page must be a number' }).int('Page must be a whole number').min(1, 'Page starts at 1').max(10_000).default(1),
  pageSize: z.coerce.number({ error: 'Page size must be a number' }).int().min(1).max(100, 'Page size must be at most 100').default(50),
});
export type AuditEventListQuery = z.input<typeof auditEventListQuery>;
export type AuditEventListParams = z.output<typeof auditEventListQuery>;

export interface AuditEventDto {
  id: string;
  actorProfileId: string;
  action: string;
  recordType: string;
  recordId: string | null;
  subjectProfileId: string | null;
  before: unknown;
  after: unknown;
  clientIp: string | null;
  createdAt: string;
}

export interface AuditEventPageDto {
  items: AuditEventDto[];
  page: number;
  pageSize: number;
  /** Whether another page follows (the trail is not counted: it only grows). */
  hasMore: boolean;
}
