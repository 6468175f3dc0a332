import { useRef, useState } from 'react';
import { ImageUp, Trash2 } from 'lucide-react';
import { LOGO_MAX_BYTES, LOGO_MESSAGES } from '@ops/shared/schemas/settings';
import { Button } from '@/components/ui/button.tsx';
import { Label } from '@/components/ui/label.tsx';
import { messageFrom, notifyError, notifySuccess } from '@/lib/notify.ts';
import { fileProblem } from '@/lib/upload-file.ts';
import { useRemoveLogo } from '../api/remove-logo.ts';
import { useUploadLogo } from '../api/upload-logo.ts';

const ACCEPT = 'image/png,image/jpeg,image/webp,.png,.jpg,.jpeg,.webp';

/** The logo: uploaded at once (PNG, JPEG or WebP, up to 2 MB), shown in the site's header and footer, or removed. */
export function LogoField({ logoUrl, companyName }: { logoUrl: string | null; companyName: string }) {
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useUploadLogo();
  const remove = useRemoveLogo();
  const busy = upload.isPending || remove.isPending;

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    const refused = fileProblem(file, { maxBytes: LOGO_MAX_BYTES, accept: ACCEPT, messages: LOGO_MESSAGES });
    setProblem(refused);
    if (input.current) input.current.value = '';
    if (refused) return;
    try {
      await upload.mutateAsync(file);
      notifySuccess('Logo updated');
    } catch (error) {
      setProblem(messageFrom(error));
    }
  };

  const onRemove = async () => {
    try {
      await remove.mutateAsync();
      notifySuccess('Logo removed');
    } catch (error) {
      notifyError(messageFrom(error));
    }
  };

  return (
    <div className="grid gap-2">
      <Label htmlFor="settings-logo">Logo</Label>
      <div className="flex flex-wrap items-center gap-3">
        <div className="flex size-16 items-center justify-center rounded-md border bg-muted">
          {logoUrl ? (
            <img src={logoUrl} alt={`${companyName} logo`} className="size-14 object-contain" />
          ) : (
            <span className="text-xs text-muted-foreground">No logo</span>
          )}
        </div>
        <input
          ref={input}
          id="settings-logo"
          type="file"
          accept={ACCEPT}
          className="sr-only"
          aria-describedby="settings-logo-hint"
          onChange={(e) => void onFile(e.target.files?.[0])}
        />
        <Button type="button" variant="outline" disabled={busy} onClick={() => input.current?.click()}>
          <ImageUp aria-hidden="true" />
          {upload.isPending ? 'Uploading…' : logoUrl ? 'Replace logo' : 'Upload logo'}
        </Button>
        {logoUrl ? (
          <Button type="button" variant="ghost" disabled={busy} onClick={() => void onRemove()}>
            <Trash2 aria-hidden="true" />
            Remove logo
          </Button>
        ) : null}
      </div>
      <p id="settings-logo-hint" className="text-xs text-muted-foreground">
        PNG, JPEG or WebP, at most 2 MB. Saved as soon as it is chosen.
      </p>
      {problem ? (
        <p role="alert" className="text-sm text-destructive">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
