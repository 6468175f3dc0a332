import { FolderOpen, RefreshCw } from 'lucide-react';
import { sizeInKb } from '@ops/shared/schemas/admin-course-content';
import { PARTNER_TEXTS, type PartnerMaterialDto } from '@ops/shared/schemas/partner';
import { EmptyState } from '@/components/empty-state.tsx';
import { MaterialList } from '@/components/material-list.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { notifyFailure, notifySuccess } from '@/lib/notify.ts';
import { useErrorToast } from '@/lib/use-error-toast.ts';
import { formatDay } from '../format.ts';
import { useDownloadPartnerFile } from '../api/download-partner-file.ts';
import { usePartnerMaterials } from '../api/get-partner-materials.ts';

/** The academy's course materials, each with its size in KB and a Download button. */
export function PartnerMaterialsTab() {
  const materials = usePartnerMaterials();
  // 'Download started' as soon as the server sends the file, not once all of it has arrived.
  const download = useDownloadPartnerFile((file) => notifySuccess(PARTNER_TEXTS.downloadStarted, file.name, `download-${file.id}`));
  useErrorToast(materials.error, PARTNER_TEXTS.materialsError);

  const onDownload = async (material: PartnerMaterialDto) => {
    try {
      await download.mutateAsync(material);
    } catch {
      notifyFailure(PARTNER_TEXTS.downloadFailed, material.name);
    }
  };

  if (materials.isPending) {
    return (
      <div className="grid gap-3" aria-busy="true">
        <span className="sr-only">Loading…</span>
        <Skeleton className="h-16" />
        <Skeleton className="h-16" />
      </div>
    );
  }
  if (materials.isError) {
    return (
      <div role="alert" className="grid justify-items-start gap-3 rounded-xl border border-dashed p-6 text-sm">
        <p>{PARTNER_TEXTS.materialsError}</p>
        <Button type="button" variant="outline" size="sm" onClick={() => void materials.refetch()}>
          <RefreshCw aria-hidden="true" />
          Try again
        </Button>
      </div>
    );
  }
  if (materials.data.items.length === 0) return <EmptyState icon={FolderOpen} title={PARTNER_TEXTS.noMaterials} headingLevel="h3" />;
  return (
    <MaterialList
      materials={materials.data.items}
      details={(material) => (
        <>
          {material.courseTitle} · {sizeInKb(material.sizeBytes)} · {formatDay(material.createdAt)}
        </>
      )}
      downloading={(material) => download.isPending && download.variables.id === material.id}
      onDownload={(material) => void onDownload(material)}
    />
  );
}
