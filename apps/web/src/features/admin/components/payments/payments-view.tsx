import { ComingSoonPanel } from '../coming-soon-panel.tsx';

export function PaymentsView() {
  return <ComingSoonPanel view="payments" />;
}
