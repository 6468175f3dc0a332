import { Megaphone } from 'lucide-react';
import type { StudentAnnouncementDto } from '@ops/shared/schemas/student';
import { EmptyState } from '@/components/empty-state.tsx';
import { Badge } from '@/components/ui/badge.tsx';
import { Card, CardContent } from '@/components/ui/card.tsx';
import { formatDateTime } from '@/lib/format-date.ts';

const PRIORITY_LABELS: Record<StudentAnnouncementDto['priority'], string> = { high: 'High priority', normal: 'Normal', low: 'Low' };

/** The latest announcements of the student's courses; high priority ones stand out. */
export function AnnouncementsTab({ announcements }: { announcements: StudentAnnouncementDto[] }) {
  if (announcements.length === 0) return <EmptyState icon={Megaphone} title="No announcements yet" headingLevel="h3" />;
  return (
    <ul aria-label="Announcements" className="grid gap-3">
      {announcements.map((announcement) => (
        <li key={announcement.id}>
          <Card role="article" aria-labelledby={`announcement-${announcement.id}`}>
            <CardContent className="grid gap-2 p-4 sm:p-6">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div>
                  <h3 id={`announcement-${announcement.id}`} className="font-semibold">
                    {announcement.title}
                  </h3>
                  <p className="text-sm text-muted-foreground">{announcement.courseTitle}</p>
                </div>
                <Badge variant={announcement.priority === 'high' ? 'destructive' : 'secondary'}>{PRIORITY_LABELS[announcement.priority]}</Badge>
              </div>
              <p className="text-sm whitespace-pre-line">{announcement.content}</p>
              <p className="text-xs text-muted-foreground">
                Published <time dateTime={announcement.publishedAt}>{formatDateTime(announcement.publishedAt)}</time>
              </p>
            </CardContent>
          </Card>
        </li>
      ))}
    </ul>
  );
}
