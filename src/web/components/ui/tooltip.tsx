import { type ReactNode, useEffect, useId, useRef, useState } from 'react';

/** How long a mouse rests on the control before its tip shows. */
const HOVER_DELAY_MS = 200;

interface TipButtonProps {
  /** The short explanation, shown on hover, keyboard focus and tap. */
  tip: ReactNode;
  className?: string;
  children: ReactNode;
}

/**
 * A button with a short explanation shown above it, aligned to its end. Escape, a tap elsewhere or leaving the
 * button closes it; the pointer can rest on the tip itself. A sales table holds one in every row, so it is
 * plain elements and a little state (docs/decisions/012-analysis-result-light-on-phones.md).
 */
export function TipButton({ tip, className, children }: TipButtonProps) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const wrapper = useRef<HTMLSpanElement>(null);
  const hoverTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const show = () => setOpen(true);
  const hide = () => {
    clearTimeout(hoverTimer.current);
    setOpen(false);
  };

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    const onPointerDown = (event: PointerEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [open]);

  useEffect(() => () => clearTimeout(hoverTimer.current), []);

  return (
    <span
      ref={wrapper}
      className="relative inline-flex"
      onPointerEnter={(event) => {
        // Touch has no hover: a tap opens the tip through the click that follows.
        if (event.pointerType !== 'mouse') return;
        clearTimeout(hoverTimer.current);
        hoverTimer.current = setTimeout(show, HOVER_DELAY_MS);
      }}
      onPointerLeave={hide}
    >
      <button
        type="button"
        aria-describedby={open ? id : undefined}
        onFocus={show}
        onBlur={hide}
        onClick={show}
        className={className}
      >
        {children}
      </button>
      {open ? (
        <span
          role="tooltip"
          id={id}
          className="absolute right-0 bottom-full z-20 mb-1.5 w-max max-w-xs animate-fade-in rounded-lg bg-ink px-3 py-2 text-xs font-medium text-white shadow-lg motion-reduce:animate-none"
        >
          {tip}
        </span>
      ) : null}
    </span>
  );
}
