import { Loader2, Search } from 'lucide-react';
import { type KeyboardEvent, type Ref, useEffect, useId, useState } from 'react';
import { normaliseCardName } from '#shared/card-names.ts';
import type { SetId } from '#shared/sets.ts';
import { Button } from '#web/components/ui/button.tsx';
import { useSuggestions } from './api/suggestions.ts';
import { SetSelector } from './set-selector.tsx';
import { useDebouncedValue } from './use-debounced-value.ts';

/** SPEC.md §9: suggestions appear after a 300 ms pause in typing. */
const SUGGESTION_DELAY_MS = 300;

interface SearchBoxProps {
  /** The search in the URL; the box follows it (e.g. on Back). */
  card: string | null;
  set: SetId;
  /** A new search is loading: the input and the button are disabled. */
  busy: boolean;
  onSearch: (card: string, set: SetId) => void;
  inputRef?: Ref<HTMLInputElement>;
}

/** Card name with suggestions (an ARIA combobox) and the set it is searched in. */
export function SearchBox({ card, set, busy, onSearch, inputRef }: SearchBoxProps) {
  const [text, setText] = useState(card ?? '');
  const [setId, setSetId] = useState(set);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [error, setError] = useState<string | null>(null);
  const [synced, setSynced] = useState({ card, set });
  if (synced.card !== card || synced.set !== set) {
    setSynced({ card, set });
    setText(card ?? '');
    setSetId(set);
    setOpen(false);
    setActive(-1);
  }

  const ids = useId();
  const inputId = `${ids}-input`;
  const listId = `${ids}-suggestions`;
  const errorId = `${ids}-error`;
  const optionId = (index: number) => `${ids}-option-${index}`;

  const typed = text.trim();
  const query = useDebouncedValue(typed, SUGGESTION_DELAY_MS);
  const suggestions = useSuggestions(setId, query, open && !busy);
  const options = query === typed ? (suggestions.data?.suggestions ?? []) : [];
  const expanded = open && !busy && options.length > 0;
  const activeIndex = active < options.length ? active : -1;
  const activeId = expanded && activeIndex >= 0 ? optionId(activeIndex) : undefined;

  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView({ block: 'nearest' });
  }, [activeId]);

  const run = (name: string) => {
    if (busy) return;
    const cardName = normaliseCardName(name);
    setOpen(false);
    setActive(-1);
    if (!cardName) {
      setError('Enter a card name.');
      return;
    }
    setError(null);
    setText(cardName);
    onSearch(cardName, setId);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      if (options.length > 0) setActive((activeIndex + 1) % options.length);
    } else if (event.key === 'ArrowUp' && expanded) {
      event.preventDefault();
      setActive(activeIndex <= 0 ? options.length - 1 : activeIndex - 1);
    } else if (event.key === 'Enter' && expanded && activeIndex >= 0) {
      event.preventDefault();
      run(options[activeIndex] ?? text);
    } else if (event.key === 'Escape' && expanded) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  };

  return (
    <search aria-label="Card search">
      <form
        className="relative"
        onSubmit={(event) => {
          event.preventDefault();
          run(text);
        }}
      >
        <div className="flex items-stretch gap-1.5 rounded-2xl border border-slate-300 bg-white p-1.5 shadow-sm focus-within:border-brand-500">
          <SetSelector value={setId} onChange={setSetId} disabled={busy} />
          <label htmlFor={inputId} className="sr-only">
            Card name
          </label>
          <input
            ref={inputRef}
            id={inputId}
            type="text"
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={expanded}
            aria-controls={expanded ? listId : undefined}
            aria-activedescendant={activeId}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            autoComplete="off"
            autoCapitalize="words"
            spellCheck={false}
            enterKeyHint="search"
            placeholder="Card name, e.g. Charizard"
            value={text}
            // Read-only rather than disabled, so the input keeps keyboard focus while the search loads.
            readOnly={busy}
            aria-disabled={busy || undefined}
            onChange={(event) => {
              setText(event.target.value);
              setOpen(true);
              setActive(-1);
              setError(null);
            }}
            onFocus={() => setOpen(true)}
            onBlur={() => setOpen(false)}
            onKeyDown={onKeyDown}
            className="min-w-0 flex-1 rounded-lg bg-transparent px-2 py-2 text-base text-slate-900 placeholder:text-slate-500 focus:outline-none aria-disabled:text-slate-400"
          />
          <Button
            type="submit"
            aria-disabled={busy || undefined}
            className="shrink-0 px-3 aria-disabled:cursor-not-allowed aria-disabled:bg-brand-600/60 sm:px-5"
          >
            {busy ? (
              <Loader2 className="size-4 animate-spin" aria-hidden />
            ) : (
              <Search className="size-4" aria-hidden />
            )}
            <span className="sr-only sm:not-sr-only">Search</span>
          </Button>
        </div>
        {expanded ? (
          <div
            id={listId}
            role="listbox"
            aria-label="Suggestions"
            className="absolute inset-x-0 top-full z-20 mt-1.5 max-h-80 overflow-auto rounded-xl border border-slate-200 bg-white py-1 shadow-lg"
          >
            {options.map((name, index) => (
              <div
                key={name}
                id={optionId(index)}
                role="option"
                aria-selected={index === activeIndex}
                tabIndex={-1}
                // Picking on mousedown keeps focus in the input, so the list is not closed by a blur first.
                onMouseDown={(event) => {
                  event.preventDefault();
                  run(name);
                }}
                onMouseMove={() => setActive(index)}
                className={`cursor-pointer px-4 py-2 text-sm ${index === activeIndex ? 'bg-brand-50 text-brand-700' : 'text-slate-800'}`}
              >
                {name}
              </div>
            ))}
          </div>
        ) : null}
        {error ? (
          <p id={errorId} role="alert" className="mt-2 text-sm text-red-700">
            {error}
          </p>
        ) : null}
      </form>
    </search>
  );
}
