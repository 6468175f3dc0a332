import { BookOpen } from 'lucide-react';
import { EmptyState } from '@/components/empty-state.tsx';
import { Card } from '@/components/ui/card.tsx';
import { Label } from '@/components/ui/label.tsx';
import { NativeSelect } from '@/components/ui/native-select.tsx';
import { useUrlParams } from '@/components/console/use-url-params.ts';
import { useTrainingCourses } from '../../../api/get-training-courses.ts';
import { AnnouncementsPanel } from './announcements-panel.tsx';
import { MaterialsPanel } from './materials-panel.tsx';
import { SessionsPanel } from './sessions-panel.tsx';
import { ValidityPanel } from './validity-panel.tsx';

/** A course's sessions, announcements and materials, which its students see on their dashboard. */
export function ContentTab() {
  const { params, update } = useUrlParams();
  const courses = useTrainingCourses();
  const courseId = params.get('course') ?? '';
  const course = courses.data?.find((c) => c.id === courseId);
  const setCourse = (value: string) =>
    update((p) => {
      if (value) p.set('course', value);
      else p.delete('course');
    });

  return (
    <div className="grid gap-4">
      <Card className="flex flex-wrap items-end gap-3 p-4">
        <div className="grid gap-1.5">
          <Label htmlFor="content-course">Course</Label>
          <NativeSelect id="content-course" className="w-72 max-w-full" value={courseId} onChange={(e) => setCourse(e.target.value)}>
            <option value="">{courses.data ? 'Choose a course' : 'Loading courses…'}</option>
            {courses.data?.map((c) => (
              <option key={c.id} value={c.id}>
                {c.title}
              </option>
            ))}
          </NativeSelect>
        </div>
      </Card>
      {courseId ? (
        <div className="grid gap-4">
          {course ? <ValidityPanel key={`${course.id}:${course.validityYears ?? ''}`} course={course} /> : null}
          <SessionsPanel courseId={courseId} />
          <div className="grid gap-4 lg:grid-cols-2">
            <AnnouncementsPanel courseId={courseId} />
            <MaterialsPanel courseId={courseId} />
          </div>
        </div>
      ) : (
        <EmptyState icon={BookOpen} headingLevel="h3" title="Choose a course">
          Add its class sessions, announcements and materials for the students.
        </EmptyState>
      )}
    </div>
  );
}
