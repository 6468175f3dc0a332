/** /courses: the academy's catalogue. */
export function CoursesPage() {
  return <main className="container py-10" />;
}
