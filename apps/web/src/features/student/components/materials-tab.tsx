import { FolderOpen } from 'lucide-react';
import type { StudentMaterialDto } from '@ops/shared/schemas/student';
import { EmptyState } from '@/components/empty-state.tsx';
import { MaterialList } from '@/components/material-list.tsx';
import { notifyError, notifySuccess } from '@/lib/notify.ts';
import { formatFileSize } from '@/lib/upload-file.ts';
import { useDownloadMaterial } from '../api/download-material.ts';
import { formatDay } from '../format.ts';

/** The materials of the student's courses, each with its Download button. */
export function MaterialsTab({ materials }: { materials: StudentMaterialDto[] }) {
  const download = useDownloadMaterial();
  if (materials.length === 0) return <EmptyState icon={FolderOpen} title="No materials available yet" headingLevel="h3" />;

  const onDownload = async (material: StudentMaterialDto) => {
    try {
      await download.mutateAsync(material);
      notifySuccess('Material downloaded successfully', material.name);
    } catch {
      notifyError('Failed to download material');
    }
  };

  return (
    <MaterialList
      materials={materials}
      details={(material) => (
        <>
          {material.courseTitle} · {formatFileSize(material.sizeBytes)} · {formatDay(material.createdAt)}
        </>
      )}
      downloading={(material) => download.isPending && download.variables.url === material.url}
      onDownload={(material) => void onDownload(material)}
    />
  );
}
