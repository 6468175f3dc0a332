import { useMutation } from '@tanstack/react-query';
import type { StudentMaterialDto } from '@ops/shared/schemas/student';
import { openFile, saveBlob } from '@/lib/download-file.ts';

/** The material's bytes, fetched so that a refusal can be told apart from a saved file. */
export async function downloadMaterial(material: Pick<StudentMaterialDto, 'url'>): Promise<Blob> {
  const response = await openFile(material.url);
  return response.blob();
}

export function useDownloadMaterial() {
  return useMutation({
    mutationFn: async (material: Pick<StudentMaterialDto, 'url' | 'name'>) => saveBlob(await downloadMaterial(material), material.name),
  });
}
