/** The guard's incident form as the phone sends it: the fields and up to three `photos`, multipart. */
import type { TestClient } from './test-client.ts';

export interface FormPhoto {
  bytes: Uint8Array;
  name?: string;
  type?: string;
}

export function fileReport(client: TestClient, bookingId: string, fields: Record<string, unknown>, photos: FormPhoto[] = []) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, String(value));
  for (const p of photos) form.append('photos', new Blob([p.bytes], { type: p.type ?? 'image/png' }), p.name ?? 'photo.png');
  return client.request(`/api/shifts/${bookingId}/incidents`, { method: 'POST', body: form });
}
