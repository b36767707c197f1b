import { useMutation } from '@tanstack/react-query';
import { Flag } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import {
  MAX_REPORT_REASON_LENGTH,
  type Report,
  type ReportBody,
  ReportBodySchema,
  type ReportSubject,
  SAFETY_MESSAGES,
} from '#shared/schemas/safety.ts';
import { Button } from '#web/components/ui/button.tsx';
import { hintIdOf, TextAreaField } from '#web/components/ui/fields.tsx';
import { Sheet } from '#web/components/ui/sheet.tsx';
import { api } from '#web/lib/api-client.ts';
import { formatCount } from '#web/lib/format.ts';

const TITLES: Record<ReportSubject, string> = {
  message: 'Report this message',
  profile: 'Report this collector',
};

interface ReportButtonProps {
  subject: ReportSubject;
  /** The message's id, or the collector's user id. */
  id: string;
  /** What the button reads to assistive technology, e.g. "Report message from ash". */
  label: string;
  /** Small beside a message's time, regular beside the profile's Block. */
  size?: 'small' | 'regular';
}

/**
 * Report (docs/product.md §9): asks why, then sends the report to the admins' queue. Reporting the same
 * thing again while the first report is open changes nothing, and reads the same.
 */
export function ReportButton({ subject, id, label, size = 'regular' }: ReportButtonProps) {
  const fieldId = useId();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const send = useMutation({
    mutationFn: (body: ReportBody) => api<Report>('/api/reports', { method: 'POST', body }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (send.isPending) return;
    const checked = ReportBodySchema.safeParse({ subject, id, reason });
    if (!checked.success) {
      setProblem(checked.error.issues[0]?.message ?? SAFETY_MESSAGES.reasonRequired);
      return;
    }
    setProblem(undefined);
    send.mutate({ subject, id, reason });
  };

  const error = problem ?? (send.isError ? send.error.message : undefined);
  return (
    <Sheet
      open={open}
      onOpenChange={(next) => {
        if (send.isPending) return;
        setOpen(next);
        if (next) {
          send.reset();
          setReason('');
          setProblem(undefined);
        }
      }}
      title={TITLES[subject]}
      description={
        send.isSuccess
          ? undefined
          : 'Tell the admins what is wrong. The collector you report is not told who reported them.'
      }
      trigger={
        <Button
          variant={size === 'small' ? 'ghost' : 'secondary'}
          aria-label={label}
          className={size === 'small' ? 'ml-1 px-2 py-0.5 align-middle text-xs' : 'px-3 py-1.5'}
        >
          <Flag className={size === 'small' ? 'size-3.5' : 'size-4'} aria-hidden />
          Report
        </Button>
      }
    >
      {send.isSuccess ? (
        <div className="space-y-4">
          <p role="status" className="text-slate-800">
            Thank you. Your report is with the admins, who will look at it soon.
          </p>
          <div className="flex justify-end">
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Done
            </Button>
          </div>
        </div>
      ) : (
        <form onSubmit={submit} noValidate className="space-y-4">
          <TextAreaField
            id={fieldId}
            label="Why are you reporting this?"
            hint={`${formatCount(reason.length)} of ${formatCount(MAX_REPORT_REASON_LENGTH)} characters`}
            rows={4}
            maxLength={MAX_REPORT_REASON_LENGTH}
            value={reason}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${hintIdOf(fieldId)}${error ? ` ${fieldId}-error` : ''}`}
            onChange={(event) => setReason(event.target.value)}
            message={error}
            messageId={`${fieldId}-error`}
          />
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={() => setOpen(false)} disabled={send.isPending}>
              Cancel
            </Button>
            <Button type="submit" variant="danger" disabled={send.isPending}>
              {send.isPending ? 'Sending…' : 'Send report'}
            </Button>
          </div>
        </form>
      )}
    </Sheet>
  );
}
