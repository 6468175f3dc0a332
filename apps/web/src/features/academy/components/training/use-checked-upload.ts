import { useRef } from 'react';
import { notifyError } from '@/lib/notify.ts';
import { fileProblem, useFileUpload, type FileRules } from '@/lib/upload-file.ts';

/**
 * A console file input's upload: a chosen file that breaks the rules is refused before it is sent
 * (under the input and in a toast); the input is cleared, so the same file can be chosen again; a
 * saved file is handed to `onSaved`.
 */
export function useCheckedUpload<T>(path: string, rules: FileRules, onSaved: (saved: T) => Promise<unknown>) {
  const upload = useFileUpload<T>(path);
  const input = useRef<HTMLInputElement>(null);

  const choose = async (file: File | undefined) => {
    if (!file) return;
    const problem = fileProblem(file, rules);
    if (input.current) input.current.value = '';
    if (problem) {
      upload.fail(problem);
      notifyError(problem);
      return;
    }
    const saved = await upload.start(file);
    if (saved) await onSaved(saved);
  };

  return { upload, input, choose };
}
