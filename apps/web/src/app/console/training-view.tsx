import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs.tsx';
import { useUrlParams } from '@/components/console/use-url-params.ts';
import { useCohorts } from '@/features/academy/api/get-cohorts.ts';
import { AttendanceTab } from '@/features/academy/components/training/attendance/attendance-tab.tsx';
import { CohortsTab } from '@/features/academy/components/training/cohorts/cohorts-tab.tsx';
import { ContentTab } from '@/features/academy/components/training/content/content-tab.tsx';
import { EnrollmentsTab } from '@/features/academy/components/training/enrollments/enrollments-tab.tsx';
import { SubmissionsTab } from '@/features/academy/components/training/submissions/submissions-tab.tsx';
import { CertificatesTab } from '@/features/certificates/components/console/certificates-tab.tsx';

export const TRAINING_TABS = ['cohorts', 'enrollments', 'attendance', 'certificates', 'content', 'submissions'] as const;
export type TrainingTab = (typeof TRAINING_TABS)[number];

export const TRAINING_TAB_LABELS: Record<TrainingTab, string> = {
  cohorts: 'Cohorts',
  enrollments: 'Enrollments',
  attendance: 'Attendance',
  certificates: 'Certificates',
  content: 'Course content',
  submissions: 'Submissions',
};

const isTab = (value: string | null): value is TrainingTab => (TRAINING_TABS as readonly (string | null)[]).includes(value);

/** Certificates are issued per cohort, and cohorts are the academy's: the console hands the list over. */
function CohortCertificatesTab() {
  const cohorts = useCohorts();
  return <CertificatesTab cohorts={cohorts.data} />;
}

/**
 * The console's Training view: cohorts, enrolments, attendance, certificates, each course's
 * sessions, announcements and materials, and grading. The tabs are the academy's screens and the
 * certificates' (each in its feature), put side by side here. The tab is in the address
 * (?view=training&tab=enrollments); switching tabs starts the new one without the old one's search,
 * filters or page.
 */
export function TrainingView() {
  const { params, update } = useUrlParams();
  const raw = params.get('tab');
  const tab: TrainingTab = isTab(raw) ? raw : 'cohorts';
  const setTab = (next: string) => {
    if (!isTab(next) || next === tab) return;
    update((p) => {
      for (const key of [...p.keys()]) if (key !== 'view') p.delete(key);
      p.set('tab', next);
    });
  };

  return (
    <Tabs value={tab} onValueChange={setTab} className="grid min-w-0 gap-4">
      {/* Six tabs wrap onto a second line on a phone rather than hide past the edge. */}
      <TabsList aria-label="Training" className="flex w-fit flex-wrap justify-start overflow-visible">
        {TRAINING_TABS.map((t) => (
          <TabsTrigger key={t} value={t}>
            {TRAINING_TAB_LABELS[t]}
          </TabsTrigger>
        ))}
      </TabsList>
      <TabsContent value={tab} className="grid min-w-0 gap-4">
        {tab === 'cohorts' ? <CohortsTab /> : null}
        {tab === 'enrollments' ? <EnrollmentsTab /> : null}
        {tab === 'attendance' ? <AttendanceTab /> : null}
        {tab === 'certificates' ? <CohortCertificatesTab /> : null}
        {tab === 'content' ? <ContentTab /> : null}
        {tab === 'submissions' ? <SubmissionsTab /> : null}
      </TabsContent>
    </Tabs>
  );
}
