/** /student-dashboard: the signed-in student's courses, schedule, materials, announcements and assessments. */
export function StudentDashboardPage() {
  return <main className="container py-10" />;
}
