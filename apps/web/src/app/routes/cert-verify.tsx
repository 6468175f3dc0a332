import { useParams } from 'wouter';
import { CertVerifyView } from '@/features/certificates/components/cert-verify-view.tsx';

function decoded(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** /cert/verify/{ref}: public verification of a certificate by its reference number; /cert/verify: the form alone. */
export function CertVerifyPage() {
  const { ref } = useParams<{ ref?: string }>();
  return <CertVerifyView certificateRef={ref ? decoded(ref).trim() : ''} />;
}
