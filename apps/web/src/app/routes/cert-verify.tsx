/** /cert/verify/{ref}: public verification of a certificate by its reference number. */
export function CertVerifyPage() {
  return <div className="container mx-auto px-4 py-10" />;
}
