import { Check, ChevronDown } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';

interface Choice<T extends string> {
  value: T;
  label: string;
}

interface ChoiceMenuProps<T extends string> {
  /** Names the menu, and prefixes the button's accessible name: "{label}: {current choice}". */
  label: string;
  value: T;
  choices: readonly Choice<T>[];
  onChange: (value: T) => void;
  disabled?: boolean;
  buttonClassName?: string;
}

/**
 * A button that opens a short single-choice menu (ARIA menu button with menuitemradio items). It closes on a
 * pick, Escape, Tab, or a click outside. It needs no positioning library, so it costs little on the first
 * page load where a Radix dropdown would bring one.
 */
function menuItems(menu: HTMLElement | null): HTMLElement[] {
  return Array.from(menu?.querySelectorAll<HTMLElement>('[role="menuitemradio"]') ?? []);
}

export function ChoiceMenu<T extends string>(props: ChoiceMenuProps<T>) {
  const { label, value, choices, onChange, disabled, buttonClassName = '' } = props;
  const [open, setOpen] = useState(false);
  const ids = useId();
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const current = choices.find((choice) => choice.value === value);

  useEffect(() => {
    if (!open) return;
    const items = menuItems(menu.current);
    (items.find((item) => item.getAttribute('aria-checked') === 'true') ?? items[0])?.focus();
    const closeOnOutsidePointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menu.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOnOutsidePointer);
    return () => document.removeEventListener('pointerdown', closeOnOutsidePointer);
  }, [open]);

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) button.current?.focus();
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const all = menuItems(menu.current);
    const index = all.indexOf(document.activeElement as HTMLElement);
    const moveTo = (next: number) => all[(next + all.length) % all.length]?.focus();
    if (event.key === 'ArrowDown') moveTo(index + 1);
    else if (event.key === 'ArrowUp') moveTo(index - 1);
    else if (event.key === 'Home') moveTo(0);
    else if (event.key === 'End') moveTo(all.length - 1);
    else if (event.key === 'Escape') close(true);
    else if (event.key === 'Tab') setOpen(false);
    else return;
    if (event.key !== 'Tab') event.preventDefault();
  };

  return (
    <div className="relative flex">
      <button
        ref={button}
        type="button"
        id={`${ids}-button`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? `${ids}-menu` : undefined}
        disabled={disabled}
        onClick={() => setOpen((wasOpen) => !wasOpen)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault();
            setOpen(true);
          }
        }}
        className={`inline-flex items-center gap-1 whitespace-nowrap disabled:cursor-not-allowed ${buttonClassName}`}
      >
        <span className="sr-only">{label}: </span>
        {current?.label}
        <ChevronDown className="size-4 opacity-60" aria-hidden />
      </button>
      {open ? (
        <div
          ref={menu}
          id={`${ids}-menu`}
          role="menu"
          aria-label={label}
          tabIndex={-1}
          onKeyDown={onMenuKeyDown}
          className="absolute top-full left-0 z-40 mt-2 min-w-44 animate-fade-in rounded-xl border border-slate-200 bg-white p-1 shadow-lg motion-reduce:animate-none"
        >
          {choices.map((choice) => (
            <button
              key={choice.value}
              type="button"
              role="menuitemradio"
              aria-checked={choice.value === value}
              tabIndex={-1}
              onClick={() => {
                onChange(choice.value);
                close(true);
              }}
              className="flex w-full items-center gap-2 rounded-lg px-3 py-2 text-left text-sm text-slate-800 outline-none hover:bg-brand-50 focus:bg-brand-50 focus:text-brand-700"
            >
              <span className="flex size-4 items-center justify-center">
                {choice.value === value ? <Check className="size-4" aria-hidden /> : null}
              </span>
              {choice.label}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
