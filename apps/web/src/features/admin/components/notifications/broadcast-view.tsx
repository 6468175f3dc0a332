import { ComingSoonPanel } from '../coming-soon-panel.tsx';

export function BroadcastView() {
  return <ComingSoonPanel view="notifications" />;
}
