import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { saveBlob } from '@/lib/download-file.ts';

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
  saveBlob(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }), fileName);
}

export function useExportMyData() {
  return useMutation({
    mutationFn: async () => {
      const data = await exportMyData();
      saveJsonFile(data, exportFileName());
    },
  });
}
