/** /partner-dashboard: the accrediting partner's portal. */
export function PartnerDashboardPage() {
  return <div className="container mx-auto px-4 py-10" />;
}
