import type { ReactNode } from 'react';
import { RefreshCw } from 'lucide-react';
import type { StudentOverviewDto } from '@ops/shared/schemas/student';
import { Button } from '@/components/ui/button.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs.tsx';
import { useErrorToast } from '@/lib/use-error-toast.ts';
import { useStudentOverview } from '../api/get-student-overview.ts';
import { AnnouncementsTab } from './announcements-tab.tsx';
import { AssessmentsTab } from './assessments-tab.tsx';
import { CertificatesTab } from './certificates-tab.tsx';
import { MaterialsTab } from './materials-tab.tsx';
import { MyCoursesTab } from './my-courses-tab.tsx';
import { ScheduleTab } from './schedule-tab.tsx';
import { StudentStats } from './student-stats.tsx';

const LOAD_FAILED = 'Failed to load dashboard data';

const TABS: { value: string; label: string; render: (overview: StudentOverviewDto) => ReactNode }[] = [
  { value: 'courses', label: 'My Courses', render: (o) => <MyCoursesTab enrollments={o.enrollments} /> },
  { value: 'schedule', label: 'Schedule', render: (o) => <ScheduleTab sessions={o.schedule} /> },
  { value: 'materials', label: 'Materials', render: (o) => <MaterialsTab materials={o.materials} /> },
  { value: 'announcements', label: 'Announcements', render: (o) => <AnnouncementsTab announcements={o.announcements} /> },
  { value: 'assessments', label: 'Assessments', render: (o) => <AssessmentsTab enrollments={o.enrollments} assessments={o.assessments} /> },
  { value: 'certificates', label: 'Certificates', render: () => <CertificatesTab /> },
];

/** The student dashboard: greeting, three figures, and the six tabs of the student's own records. */
export function StudentDashboard({ fallbackName }: { fallbackName: string }) {
  const overview = useStudentOverview();
  useErrorToast(overview.error, LOAD_FAILED);
  const data = overview.data;

  return (
    <div className="mx-auto grid max-w-7xl gap-8 px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
      <div>
        <h1 className="text-3xl font-bold tracking-tight break-words">Welcome back, {data?.student.fullName || fallbackName}</h1>
        <p className="mt-2 text-lg text-muted-foreground">Your courses, classes and assessments in one place.</p>
      </div>
      <StudentStats stats={data?.stats} />
      <Tabs defaultValue="courses" className="min-w-0">
        <TabsList aria-label="Student dashboard sections" className="w-full justify-start sm:w-auto">
          {TABS.map((tab) => (
            <TabsTrigger key={tab.value} value={tab.value}>
              {tab.label}
            </TabsTrigger>
          ))}
        </TabsList>
        {TABS.map((tab) => (
          <TabsContent key={tab.value} value={tab.value}>
            <h2 className="sr-only">{tab.label}</h2>
            {data ? (
              tab.render(data)
            ) : overview.isError ? (
              <div role="alert" className="grid justify-items-start gap-3 rounded-xl border border-dashed p-6 text-sm">
                <p>{LOAD_FAILED}</p>
                <Button type="button" variant="outline" size="sm" onClick={() => void overview.refetch()}>
                  <RefreshCw aria-hidden="true" />
                  Try again
                </Button>
              </div>
            ) : (
              <div className="grid gap-3" aria-busy="true">
                <span className="sr-only">Loading…</span>
                <Skeleton className="h-24" />
                <Skeleton className="h-24" />
              </div>
            )}
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}
