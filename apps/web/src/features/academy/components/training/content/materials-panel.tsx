import { useId } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Download, Trash2 } from 'lucide-react';
import {
  COURSE_MATERIAL_ACCEPT,
  COURSE_MATERIAL_MAX_BYTES,
  COURSE_MATERIAL_MESSAGES,
  sizeInKb,
  type AdminMaterialRow,
} from '@ops/shared/schemas/admin-course-content';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { messageFrom, notifyError, notifySuccess } from '@/lib/notify.ts';
import { LoadState } from '@/components/console/load-state.tsx';
import { useDeleteMaterial } from '../../../api/delete-material.ts';
import { courseMaterialsQueryKey, materialsUploadPath, useCourseMaterials } from '../../../api/get-course-materials.ts';
import { UploadStatus } from '../training-shared.tsx';
import { useCheckedUpload } from '../use-checked-upload.ts';

/** A course's files for its students: uploaded with progress and a cancel, downloaded, removed. */
export function MaterialsPanel({ courseId }: { courseId: string }) {
  const id = useId();
  const queryClient = useQueryClient();
  const materials = useCourseMaterials(courseId);
  const remove = useDeleteMaterial();
  const { upload, input, choose } = useCheckedUpload<AdminMaterialRow>(
    materialsUploadPath(courseId),
    { maxBytes: COURSE_MATERIAL_MAX_BYTES, accept: COURSE_MATERIAL_ACCEPT, messages: COURSE_MATERIAL_MESSAGES },
    async () => {
      notifySuccess('Material uploaded');
      await queryClient.invalidateQueries({ queryKey: courseMaterialsQueryKey(courseId) });
    },
  );

  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle className="text-base">Materials</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="grid gap-2">
          <Label htmlFor={`${id}-file`}>Upload a file</Label>
          <Input
            ref={input}
            id={`${id}-file`}
            type="file"
            accept={COURSE_MATERIAL_ACCEPT}
            disabled={upload.state.status === 'uploading'}
            aria-describedby={`${id}-hint`}
            onChange={(e) => void choose(e.target.files?.[0])}
          />
          <p id={`${id}-hint`} className="text-xs text-muted-foreground">
            PDF, DOC, DOCX, PPTX, XLSX, ZIP, MP4, JPEG or PNG, at most 50 MB.
          </p>
          <UploadStatus state={upload.state} onCancel={upload.cancel} />
        </div>
        <LoadState query={materials} label="materials">
          {materials.data?.length === 0 ? (
            <p className="text-sm text-muted-foreground">No materials yet.</p>
          ) : (
            <ul className="grid gap-2">
              {materials.data?.map((m) => (
                <li key={m.id} className="flex items-center justify-between gap-2 rounded-lg border p-3">
                  <div className="grid min-w-0">
                    <span className="truncate font-medium">{m.name}</span>
                    <span className="text-xs text-muted-foreground">{sizeInKb(m.sizeBytes)}</span>
                  </div>
                  <div className="flex shrink-0 gap-1">
                    <Button asChild variant="ghost" size="icon">
                      <a href={m.url} aria-label={`Download ${m.name}`}>
                        <Download aria-hidden="true" />
                      </a>
                    </Button>
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={`Delete ${m.name}`}
                      disabled={remove.isPending}
                      onClick={() =>
                        remove.mutate(m.id, { onSuccess: () => notifySuccess('Material deleted'), onError: (error) => notifyError(messageFrom(error)) })
                      }
                    >
                      <Trash2 aria-hidden="true" />
                    </Button>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </LoadState>
      </CardContent>
    </Card>
  );
}
