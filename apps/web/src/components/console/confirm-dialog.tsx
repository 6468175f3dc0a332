import type { ReactNode } from 'react';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog.tsx';
import { Button } from '@/components/ui/button.tsx';

interface ConfirmDialogProps<T> {
  /** What the move is about (a booking, a payment…); null: closed. */
  target: T | null;
  busy: boolean;
  /** Escape and a click outside do not close it while the move is on its way (money or a seat hangs on it). */
  holdWhileBusy?: boolean;
  title: (target: T) => ReactNode;
  description: (target: T) => ReactNode;
  /** The words of the button that leaves things as they are. */
  keep: string;
  confirm: (target: T) => string;
  busyText: string;
  destructive?: boolean;
  onConfirm: (target: T) => void;
  onClose: () => void;
}

/** Asks before a console move on one row, saying what it does; the move's button waits while it is sent. */
export function ConfirmDialog<T>(props: ConfirmDialogProps<T>) {
  const { target, busy, holdWhileBusy = false, keep, busyText, destructive = false, onConfirm, onClose } = props;
  return (
    <AlertDialog open={target !== null} onOpenChange={(open) => !open && !(holdWhileBusy && busy) && onClose()}>
      <AlertDialogContent>
        {target !== null ? (
          <>
            <AlertDialogHeader>
              <AlertDialogTitle>{props.title(target)}</AlertDialogTitle>
              <AlertDialogDescription>{props.description(target)}</AlertDialogDescription>
            </AlertDialogHeader>
            <AlertDialogFooter>
              <AlertDialogCancel disabled={busy}>{keep}</AlertDialogCancel>
              <Button variant={destructive ? 'destructive' : undefined} disabled={busy} onClick={() => onConfirm(target)}>
                {busy ? busyText : props.confirm(target)}
              </Button>
            </AlertDialogFooter>
          </>
        ) : null}
      </AlertDialogContent>
    </AlertDialog>
  );
}
