import { Download, FileText, FolderOpen } from 'lucide-react';
import type { StudentMaterialDto } from '@ops/shared/schemas/student';
import { EmptyState } from '@/components/empty-state.tsx';
import { Button } from '@/components/ui/button.tsx';
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
    <ul aria-label="Course materials" className="grid gap-2">
      {materials.map((material) => (
        <li key={material.id} className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg border p-3 text-sm">
          <FileText className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
          <div className="grid min-w-0 flex-1 gap-0.5">
            <span className="font-medium break-words">{material.name}</span>
            <span className="text-muted-foreground">
              {material.courseTitle} · {formatFileSize(material.sizeBytes)} · {formatDay(material.createdAt)}
            </span>
          </div>
          <Button
            type="button"
            variant="outline"
            size="sm"
            aria-label={`Download ${material.name}`}
            disabled={download.isPending && download.variables.url === material.url}
            onClick={() => void onDownload(material)}
          >
            <Download aria-hidden="true" />
            Download
          </Button>
        </li>
      ))}
    </ul>
  );
}
