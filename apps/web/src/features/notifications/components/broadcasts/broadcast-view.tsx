import { useState } from 'react';
import { useForm, useWatch, type DefaultValues } from 'react-hook-form';
import { Megaphone } from 'lucide-react';
import {
  BROADCAST_MESSAGE_MAX,
  BROADCAST_RECIPIENTS,
  BROADCAST_TYPES,
  FILL_ALL_FIELDS,
  broadcastInput,
  broadcastSentMessage,
  type BroadcastInput,
} from '@ops/shared/schemas/admin-broadcasts';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { NativeSelect } from '@/components/ui/native-select.tsx';
import { Textarea } from '@/components/ui/textarea.tsx';
import { applyServerFieldErrors } from '@/lib/form-errors.ts';
import { formResolver } from '@/lib/form-resolver.ts';
import { notifyError, notifySuccess } from '@/lib/notify.ts';
import { useSendBroadcast } from '../../api/send-broadcast.ts';
import { BroadcastConfirmDialog } from './broadcast-confirm-dialog.tsx';
import { BROADCAST_PRESETS, RECIPIENT_LABELS, TYPE_LABELS, type BroadcastPreset } from './broadcast-presets.ts';

// Group and type start unchosen (their placeholder options).
const EMPTY: DefaultValues<BroadcastInput> = { recipients: undefined, type: undefined, message: '' };
const FIELDS = ['recipients', 'type', 'message'] as const;

/** Send notifications: a group, a type and a message, or one of three presets to start from. */
export function BroadcastView() {
  const send = useSendBroadcast();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    control,
    formState: { errors },
  } = useForm<BroadcastInput>({ resolver: formResolver(broadcastInput), defaultValues: EMPTY });
  const message = useWatch({ control, name: 'message' });

  const applyPreset = (preset: BroadcastPreset) =>
    reset({ recipients: preset.recipients, type: preset.type, message: preset.message }, { keepDefaultValues: true });

  // A valid form is not sent at once: the confirmation names how many people will receive it.
  const [asking, setAsking] = useState<BroadcastInput | null>(null);

  const confirmSend = async () => {
    if (!asking) return;
    try {
      const { recipientCount } = await send.mutateAsync(asking);
      notifySuccess(broadcastSentMessage(recipientCount));
      reset(EMPTY);
    } catch (error) {
      if (!applyServerFieldErrors(error, setError, FIELDS)) notifyError('Failed to send notification');
    } finally {
      setAsking(null);
    }
  };

  const onSubmit = handleSubmit(
    (input) => setAsking(input),
    (invalid) => {
      if (FIELDS.some((field) => invalid[field]?.message === FILL_ALL_FIELDS)) notifyError(FILL_ALL_FIELDS, 'broadcast-missing');
    },
  );

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
      <Card>
        <CardHeader>
          <CardTitle>Send Notification</CardTitle>
          <CardDescription>Everyone in the group gets it on their notifications bell. Blocked accounts do not.</CardDescription>
        </CardHeader>
        <CardContent>
          <form onSubmit={onSubmit} noValidate className="grid gap-4">
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField id="broadcast-recipients" label="Recipients" required error={errors.recipients?.message}>
                {(c) => (
                  <NativeSelect {...c} {...register('recipients')}>
                    <option value="">Select recipients</option>
                    {BROADCAST_RECIPIENTS.map((r) => (
                      <option key={r} value={r}>
                        {RECIPIENT_LABELS[r]}
                      </option>
                    ))}
                  </NativeSelect>
                )}
              </FormField>
              <FormField id="broadcast-type" label="Type" required error={errors.type?.message}>
                {(c) => (
                  <NativeSelect {...c} {...register('type')}>
                    <option value="">Select a type</option>
                    {BROADCAST_TYPES.map((t) => (
                      <option key={t} value={t}>
                        {TYPE_LABELS[t]}
                      </option>
                    ))}
                  </NativeSelect>
                )}
              </FormField>
            </div>
            <FormField
              id="broadcast-message"
              label="Message"
              required
              error={errors.message?.message}
              hint={`${message.length}/${BROADCAST_MESSAGE_MAX} characters`}
            >
              {(c) => <Textarea {...c} rows={5} placeholder="Write the notification…" {...register('message')} />}
            </FormField>
            <div>
              <Button type="submit" disabled={send.isPending}>
                <Megaphone aria-hidden="true" />
                {send.isPending ? 'Sending…' : 'Send Notification'}
              </Button>
            </div>
          </form>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Quick Actions</CardTitle>
          <CardDescription>Fill the form with a ready message, then check it and send.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-3">
          {BROADCAST_PRESETS.map((preset) => (
            <Button
              key={preset.title}
              type="button"
              variant="outline"
              className="h-auto flex-col items-start gap-0.5 py-3 text-left"
              onClick={() => applyPreset(preset)}
            >
              <span className="font-semibold">{preset.title}</span>
              <span className="text-xs font-normal text-muted-foreground">{preset.description}</span>
            </Button>
          ))}
        </CardContent>
      </Card>
      <BroadcastConfirmDialog broadcast={asking} busy={send.isPending} onConfirm={() => void confirmSend()} onClose={() => setAsking(null)} />
    </div>
  );
}
