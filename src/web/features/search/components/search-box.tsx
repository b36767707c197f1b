import { Loader2, RotateCcw, Search } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { normaliseCardName } from '#shared/card-names.ts';
import type { SetId } from '#shared/sets.ts';
import { Button } from '#web/components/ui/button.tsx';
import { ListboxPopup, useListbox } from '#web/components/ui/listbox.tsx';
import { useSuggestions } from '#web/features/search/api/suggestions.ts';
import { useDebouncedValue } from '#web/lib/use-debounced-value.ts';
import { SetSelector } from './set-selector.tsx';

/** docs/product.md §9: suggestions appear after a 300 ms pause in typing. */
const SUGGESTION_DELAY_MS = 300;

interface SearchBoxProps {
  /** The search in the URL; the box follows it (e.g. on Back). */
  card: string | null;
  set: SetId;
  /** A new search is loading: the input and the button are disabled. */
  busy: boolean;
  onSearch: (card: string, set: SetId) => void;
  /** Clear Results: shown while there is a search; the box is focused again after it. */
  onClear: () => void;
}

/** Card name with suggestions (an ARIA combobox) and the set it is searched in. */
export function SearchBox({ card, set, busy, onSearch, onClear }: SearchBoxProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [text, setText] = useState(card ?? '');
  const [setId, setSetId] = useState(set);
  const [error, setError] = useState<string | null>(null);

  const ids = useId();
  const inputId = `${ids}-input`;
  const errorId = `${ids}-error`;

  const typed = text.trim();
  const query = useDebouncedValue(typed, SUGGESTION_DELAY_MS);
  // Suggestions are fetched only while the user is in the box, as the list would show them.
  const [wanted, setWanted] = useState(false);
  const suggestions = useSuggestions(setId, query, wanted && !busy);
  const options = query === typed ? (suggestions.data?.suggestions ?? []) : [];
  const listbox = useListbox({
    count: options.length,
    enabled: !busy,
    onPick: (index) => run(options[index] ?? text),
  });

  const [synced, setSynced] = useState({ card, set });
  if (synced.card !== card || synced.set !== set) {
    setSynced({ card, set });
    setText(card ?? '');
    setSetId(set);
    setWanted(false);
    listbox.close();
  }

  const run = (name: string) => {
    if (busy) return;
    const cardName = normaliseCardName(name);
    setWanted(false);
    listbox.close();
    if (!cardName) {
      setError('Enter a card name.');
      return;
    }
    setError(null);
    setText(cardName);
    onSearch(cardName, setId);
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
            {...listbox.inputProps}
            onFocus={() => {
              setWanted(true);
              listbox.inputProps.onFocus();
            }}
            onBlur={() => {
              setWanted(false);
              listbox.close();
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            autoComplete="off"
            autoCapitalize="words"
            spellCheck={false}
            enterKeyHint="search"
            // Short enough to show whole beside Search on a 375 px phone; the field is named "Card name".
            placeholder="e.g. Charizard"
            value={text}
            // Read-only rather than disabled, so the input keeps keyboard focus while the search loads.
            readOnly={busy}
            aria-disabled={busy || undefined}
            onChange={(event) => {
              setText(event.target.value);
              setWanted(true);
              listbox.reopen();
              setError(null);
            }}
            onKeyDown={listbox.onKeyDown}
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
        <ListboxPopup listbox={listbox} options={options} label="Suggestions" optionKey={(name) => name}>
          {(name) => name}
        </ListboxPopup>
        {error ? (
          <p id={errorId} role="alert" className="mt-2 text-sm text-red-700">
            {error}
          </p>
        ) : null}
      </form>
      {card !== null ? (
        <Button
          variant="secondary"
          className="mt-3"
          onClick={() => {
            onClear();
            inputRef.current?.focus();
          }}
        >
          <RotateCcw className="size-4" aria-hidden />
          Clear Results
        </Button>
      ) : null}
    </search>
  );
}
