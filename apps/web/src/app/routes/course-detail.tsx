/** /courses/{courseId}: one course (cpo when no id is given). */
export function CourseDetailPage() {
  return <main className="container py-10" />;
}
