import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import type { ReactNode, RefObject } from 'react';

type Side = 'left' | 'bottom' | 'center';

const PANEL: Record<Side, string> = {
  left: 'fixed inset-y-0 left-0 w-80 max-w-[85vw] animate-slide-in-left overflow-y-auto bg-white shadow-xl',
  bottom:
    'fixed inset-x-0 bottom-0 mx-auto max-h-[92vh] w-full max-w-lg animate-slide-up overflow-y-auto rounded-t-2xl bg-white shadow-2xl sm:bottom-6 sm:rounded-2xl',
  center:
    'fixed left-1/2 top-1/2 max-h-[90vh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 animate-fade-in overflow-y-auto rounded-2xl bg-white shadow-2xl',
};

interface SheetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  side?: Side;
  children: ReactNode;
  /** Hide the visible title (it stays announced to screen readers). */
  hideTitle?: boolean;
  /** The control that opens the sheet; focus returns to it when the sheet closes. */
  trigger?: ReactNode;
  /** Where focus returns on close when the sheet is opened by a control of its own rather than `trigger`. */
  returnFocusTo?: RefObject<HTMLElement | null>;
  /** Where focus goes on open instead of the first control (the Close button); prevent the event to choose. */
  onOpenAutoFocus?: (event: Event) => void;
}

/** Modal panel: a slide-out menu, a bottom sheet or a centred dialog; focus is trapped and Esc closes. */
export function Sheet({
  open,
  onOpenChange,
  title,
  description,
  side = 'center',
  children,
  hideTitle,
  trigger,
  returnFocusTo,
  onOpenAutoFocus,
}: SheetProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      {trigger ? <Dialog.Trigger asChild>{trigger}</Dialog.Trigger> : null}
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 animate-fade-in bg-slate-900/50 motion-reduce:animate-none" />
        <Dialog.Content
          className={`z-50 focus:outline-none motion-reduce:animate-none ${PANEL[side]}`}
          onOpenAutoFocus={onOpenAutoFocus}
          onCloseAutoFocus={
            returnFocusTo
              ? (event) => {
                  event.preventDefault();
                  returnFocusTo.current?.focus();
                }
              : undefined
          }
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className="flex items-start justify-between gap-4 border-b border-slate-100 px-5 py-4">
            <Dialog.Title className={hideTitle ? 'sr-only' : 'text-lg font-semibold text-slate-900'}>
              {title}
            </Dialog.Title>
            <Dialog.Close
              className="-m-1 rounded-full p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-900"
              aria-label="Close"
            >
              <X className="size-5" aria-hidden />
            </Dialog.Close>
          </div>
          {description ? (
            <Dialog.Description className="px-5 pt-3 text-sm text-slate-600">
              {description}
            </Dialog.Description>
          ) : null}
          <div className="px-5 py-4">{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
