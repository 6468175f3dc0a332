import type { ReactNode } from 'react';
import { Download, FileText } from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';

interface MaterialListProps<T extends { id: string; name: string }> {
  materials: readonly T[];
  /** The line under the material's name: its course, size and day. */
  details: (material: T) => ReactNode;
  /** True while this material's download is on its way (its button waits). */
  downloading: (material: T) => boolean;
  onDownload: (material: T) => void;
}

/** Course materials, each with its name, what it is and a Download button: the student's and the partner's. */
export function MaterialList<T extends { id: string; name: string }>({ materials, details, downloading, onDownload }: MaterialListProps<T>) {
  return (
    <ul aria-label="Course materials" className="grid gap-2">
      {materials.map((material) => (
        <li key={material.id} className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg border p-3 text-sm">
          <FileText className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
          <div className="grid min-w-0 flex-1 gap-0.5">
            <span className="font-medium break-words">{material.name}</span>
            <span className="text-muted-foreground">{details(material)}</span>
          </div>
          <Button
            type="button"
            variant="outline"
            size="sm"
            aria-label={`Download ${material.name}`}
            disabled={downloading(material)}
            onClick={() => onDownload(material)}
          >
            <Download aria-hidden="true" />
            Download
          </Button>
        </li>
      ))}
    </ul>
  );
}
