import { Search, X } from 'lucide-react';
import { type KeyboardEvent, useId, useState } from 'react';
import { type CollectionSearchable, collectionSuggestions } from '#shared/collection-rules.ts';
import { useDebouncedValue } from '../../search/use-debounced-value.ts';

/** SPEC.md §5: suggestions after a 300 ms pause in typing. */
const SUGGESTION_DELAY_MS = 300;

interface CollectionSearchProps {
  items: readonly CollectionSearchable[];
  value: string;
  onChange: (value: string) => void;
}

/** The profile's search box: filters the shown list as typed, suggesting up to 10 of its cards. */
export function CollectionSearch({ items, value, onChange }: CollectionSearchProps) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const ids = useId();
  const listId = `${ids}-suggestions`;
  const optionId = (index: number) => `${ids}-option-${index}`;
  const settled = useDebouncedValue(value, SUGGESTION_DELAY_MS);
  const options = settled === value ? collectionSuggestions(items, settled) : [];
  const expanded = open && options.length > 0;
  const activeIndex = active < options.length ? active : -1;

  const pick = (label: string) => {
    onChange(label);
    setOpen(false);
    setActive(-1);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      if (options.length > 0) setActive((activeIndex + 1) % options.length);
    } else if (event.key === 'ArrowUp' && expanded) {
      event.preventDefault();
      setActive(activeIndex <= 0 ? options.length - 1 : activeIndex - 1);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const label = expanded && activeIndex >= 0 ? options[activeIndex] : undefined;
      if (label) pick(label);
      else setOpen(false);
    } else if (event.key === 'Escape' && expanded) {
      event.preventDefault();
      setOpen(false);
    }
  };

  return (
    <div className="relative min-w-0 flex-1 basis-full sm:basis-0">
      <label htmlFor={`${ids}-input`} className="sr-only">
        Search this collection
      </label>
      <Search className="pointer-events-none absolute top-2.5 left-3 size-4 text-slate-500" aria-hidden />
      <input
        id={`${ids}-input`}
        type="search"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={expanded ? listId : undefined}
        aria-activedescendant={expanded && activeIndex >= 0 ? optionId(activeIndex) : undefined}
        autoComplete="off"
        spellCheck={false}
        placeholder="Search cards"
        value={value}
        onChange={(event) => {
          onChange(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
        className="w-full rounded-lg border border-slate-300 bg-white py-2 pr-9 pl-9 text-base text-slate-900 placeholder:text-slate-500 focus:border-brand-600 focus:outline-none sm:text-sm [&::-webkit-search-cancel-button]:hidden"
      />
      {value ? (
        <button
          type="button"
          aria-label="Clear search"
          onClick={() => onChange('')}
          className="absolute top-1.5 right-1.5 rounded p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-900"
        >
          <X className="size-4" aria-hidden />
        </button>
      ) : null}
      {expanded ? (
        <div
          id={listId}
          role="listbox"
          aria-label="Card suggestions"
          className="absolute inset-x-0 top-full z-20 mt-1 max-h-72 overflow-auto rounded-xl border border-slate-200 bg-white py-1 shadow-lg"
        >
          {options.map((label, index) => (
            <div
              key={label}
              id={optionId(index)}
              role="option"
              aria-selected={index === activeIndex}
              tabIndex={-1}
              onMouseDown={(event) => {
                event.preventDefault();
                pick(label);
              }}
              onMouseMove={() => setActive(index)}
              className={`cursor-pointer px-3 py-2 text-sm ${index === activeIndex ? 'bg-brand-50 text-brand-700' : 'text-slate-800'}`}
            >
              {label}
            </div>
          ))}
        </div>
      ) : null}
    </div>
  );
}
