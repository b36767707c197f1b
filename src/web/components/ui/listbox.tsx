import { type KeyboardEvent, type ReactNode, useEffect, useId, useState } from 'react';

interface ListboxOptions {
  /** How many options are shown now. */
  count: number;
  /** The list may show (false while, say, a search is loading). */
  enabled?: boolean;
  onPick: (index: number) => void;
}

type Listbox = ReturnType<typeof useListbox>;

/**
 * The state of a combobox's suggestion list (WAI-ARIA combobox with a listbox popup): it opens on focus and
 * typing, arrows move through the options, Enter picks the active one, Escape closes, and the active option
 * is announced through aria-activedescendant while focus stays in the input.
 */
export function useListbox({ count, enabled = true, onPick }: ListboxOptions) {
  const listId = `${useId()}-listbox`;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const expanded = open && enabled && count > 0;
  const activeIndex = active < count ? active : -1;
  const optionId = (index: number) => `${listId}-${index}`;
  const activeId = expanded && activeIndex >= 0 ? optionId(activeIndex) : undefined;

  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView({ block: 'nearest' });
  }, [activeId]);

  const close = () => {
    setOpen(false);
    setActive(-1);
  };
  const pick = (index: number) => {
    close();
    onPick(index);
  };

  /** Handles the list's keys; false when the key is the caller's (e.g. Enter with no option active). */
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>): boolean => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      if (count > 0) setActive((activeIndex + 1) % count);
      return true;
    }
    if (event.key === 'ArrowUp' && expanded) {
      event.preventDefault();
      setActive(activeIndex <= 0 ? count - 1 : activeIndex - 1);
      return true;
    }
    if (event.key === 'Enter' && expanded && activeIndex >= 0) {
      event.preventDefault();
      pick(activeIndex);
      return true;
    }
    if (event.key === 'Escape' && expanded) {
      // The list closes, not the dialog the input may sit in.
      event.preventDefault();
      event.stopPropagation();
      close();
      return true;
    }
    return false;
  };

  return {
    listId,
    optionId,
    expanded,
    activeIndex,
    setActive,
    close,
    pick,
    onKeyDown,
    /** Typing shows the list again from the top. */
    reopen: () => {
      setOpen(true);
      setActive(-1);
    },
    inputProps: {
      role: 'combobox' as const,
      'aria-autocomplete': 'list' as const,
      'aria-expanded': expanded,
      'aria-controls': expanded ? listId : undefined,
      'aria-activedescendant': activeId,
      onFocus: () => setOpen(true),
      onBlur: close,
    },
  };
}

interface ListboxPopupProps<T> {
  listbox: Listbox;
  options: readonly T[];
  label: string;
  optionKey: (option: T) => string;
  children: (option: T) => ReactNode;
}

/** The suggestion list under a combobox input. */
export function ListboxPopup<T>({ listbox, options, label, optionKey, children }: ListboxPopupProps<T>) {
  if (!listbox.expanded) return null;
  return (
    <div
      id={listbox.listId}
      role="listbox"
      aria-label={label}
      className="absolute inset-x-0 top-full z-20 mt-1 max-h-72 overflow-auto rounded-xl border border-slate-200 bg-white py-1 shadow-lg"
    >
      {options.map((option, index) => (
        <div
          key={optionKey(option)}
          id={listbox.optionId(index)}
          role="option"
          aria-selected={index === listbox.activeIndex}
          tabIndex={-1}
          // Picking on mousedown keeps focus in the input, so its blur does not close the list first.
          onMouseDown={(event) => {
            event.preventDefault();
            listbox.pick(index);
          }}
          onMouseMove={() => listbox.setActive(index)}
          className={`cursor-pointer px-3 py-2 text-sm ${index === listbox.activeIndex ? 'bg-brand-50 text-brand-700' : 'text-slate-800'}`}
        >
          {children(option)}
        </div>
      ))}
    </div>
  );
}
