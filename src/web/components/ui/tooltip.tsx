import { Tooltip } from 'radix-ui';
import { type ReactElement, type ReactNode, useState } from 'react';

interface TipProps {
  content: ReactNode;
  /** One focusable element (usually a button); the tip shows on hover, keyboard focus and tap. */
  children: ReactElement;
  side?: 'top' | 'bottom' | 'left' | 'right';
}

/** The shared timing of the tips inside it; one around a list of tips is lighter than one in every tip. */
export function TipGroup({ children }: { children: ReactNode }) {
  return <Tooltip.Provider delayDuration={200}>{children}</Tooltip.Provider>;
}

/** A short explanation attached to a control, inside a TipGroup; Escape or a tap elsewhere closes it. */
export function Tip({ content, children, side = 'top' }: TipProps) {
  const [open, setOpen] = useState(false);
  return (
    <Tooltip.Root open={open} onOpenChange={setOpen}>
      <Tooltip.Trigger
        asChild
        // Touch screens have no hover, so a tap opens the tip instead of Radix's default of closing it.
        onClick={(event) => {
          event.preventDefault();
          setOpen(true);
        }}
      >
        {children}
      </Tooltip.Trigger>
      <Tooltip.Portal>
        <Tooltip.Content
          side={side}
          sideOffset={6}
          collisionPadding={8}
          className="z-50 max-w-xs animate-fade-in rounded-lg bg-ink px-3 py-2 text-xs font-medium text-white shadow-lg motion-reduce:animate-none"
        >
          {content}
          <Tooltip.Arrow className="fill-ink" />
        </Tooltip.Content>
      </Tooltip.Portal>
    </Tooltip.Root>
  );
}
