import { ComingSoonPanel } from '../coming-soon-panel.tsx';

export function BookingsView() {
  return <ComingSoonPanel view="bookings" />;
}
