import type { ReactNode } from 'react';
import { CheckCircle2 } from 'lucide-react';
import type { CourseDetailDto } from '@ops/shared/schemas/courses';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card.tsx';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card role="region" aria-labelledby={id}>
      <CardHeader>
        <CardTitle id={id}>{title}</CardTitle>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

function TickList({ items, label }: { items: string[]; label: string }) {
  return (
    <ul className="grid gap-2" aria-label={label}>
      {items.map((item) => (
        <li key={item} className="flex gap-2">
          <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}

/** Prerequisites, Course Syllabus (week by week), Learning Outcomes and Career Opportunities. */
export function CourseSections({ course }: { course: CourseDetailDto }) {
  return (
    <div className="grid gap-6">
      <Section id="course-prerequisites" title="Prerequisites">
        <TickList items={course.prerequisites} label="Prerequisites" />
      </Section>
      <Section id="course-syllabus" title="Course Syllabus">
        <ol className="grid gap-4" aria-label="Course Syllabus">
          {course.syllabus.map((week) => (
            <li key={week.week} className="border-l-4 border-primary pl-4">
              <h3 className="font-semibold">
                Week {week.week}: {week.title}
              </h3>
              <ul className="mt-2 grid list-disc gap-1 pl-5 text-sm text-muted-foreground">
                {week.topics.map((topic) => (
                  <li key={topic}>{topic}</li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
      </Section>
      <Section id="course-outcomes" title="Learning Outcomes">
        <TickList items={course.learningOutcomes} label="Learning Outcomes" />
      </Section>
      <Section id="course-careers" title="Career Opportunities">
        <ul className="flex flex-wrap gap-2" aria-label="Career Opportunities">
          {course.careerOpportunities.map((career) => (
            <li key={career} className="rounded-full border px-3 py-1 text-sm">
              {career}
            </li>
          ))}
        </ul>
      </Section>
    </div>
  );
}
