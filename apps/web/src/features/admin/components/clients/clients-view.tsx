import { ComingSoonPanel } from '../coming-soon-panel.tsx';

export function ClientsView() {
  return <ComingSoonPanel view="clients" />;
}
