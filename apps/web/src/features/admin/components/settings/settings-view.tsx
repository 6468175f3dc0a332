import { ComingSoonPanel } from '../coming-soon-panel.tsx';

export function SettingsView() {
  return <ComingSoonPanel view="settings" />;
}
