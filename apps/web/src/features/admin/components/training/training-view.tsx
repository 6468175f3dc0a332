/** The console's Training view: cohorts, enrolments, attendance and certificates. */
export function TrainingView() {
  return <div />;
}
