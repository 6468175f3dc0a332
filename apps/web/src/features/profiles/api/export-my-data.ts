import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

/** Everything the server holds about the signed-in person (GET /api/me/export), as JSON. */
export function exportMyData(): Promise<unknown> {
  return api.get<unknown>('/api/me/export');
}

/** The file name the download is saved under: ops-security-my-data-YYYY-MM-DD.json. */
export function exportFileName(now: Date = new Date()): string {
  return `ops-security-my-data-${now.toISOString().slice(0, 10)}.json`;
}

/** Hands the browser a JSON document to save as a file. */
export function saveJsonFile(data: unknown, fileName: string): void {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file by the next turn; the object URL is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export function useExportMyData() {
  return useMutation({
    mutationFn: async () => {
      const data = await exportMyData();
      saveJsonFile(data, exportFileName());
    },
  });
}
