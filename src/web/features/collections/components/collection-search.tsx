import { Search, X } from 'lucide-react';
import { type KeyboardEvent, useId } from 'react';
import { type CollectionSearchable, collectionSuggestions } from '#shared/collection-rules.ts';
import { ListboxPopup, useListbox } from '#web/components/ui/listbox.tsx';
import { useDebouncedValue } from '#web/lib/use-debounced-value.ts';

/** docs/product.md §5: suggestions after a 300 ms pause in typing. */
const SUGGESTION_DELAY_MS = 300;

interface CollectionSearchProps {
  items: readonly CollectionSearchable[];
  value: string;
  onChange: (value: string) => void;
}

/** The profile's search box: filters the shown list as typed, suggesting up to 10 of its cards. */
export function CollectionSearch({ items, value, onChange }: CollectionSearchProps) {
  const inputId = `${useId()}-input`;
  const settled = useDebouncedValue(value, SUGGESTION_DELAY_MS);
  const options = settled === value ? collectionSuggestions(items, settled) : [];
  const listbox = useListbox({
    count: options.length,
    onPick: (index) => {
      const label = options[index];
      if (label) onChange(label);
    },
  });

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (listbox.onKeyDown(event)) return;
    // The list filters as typed, so Enter has nothing to submit: it only closes the suggestions.
    if (event.key === 'Enter') {
      event.preventDefault();
      listbox.close();
    }
  };

  return (
    <div className="relative min-w-0 flex-1 basis-full sm:basis-0">
      <label htmlFor={inputId} className="sr-only">
        Search this collection
      </label>
      <Search className="pointer-events-none absolute top-2.5 left-3 size-4 text-slate-500" aria-hidden />
      <input
        id={inputId}
        type="search"
        {...listbox.inputProps}
        autoComplete="off"
        spellCheck={false}
        placeholder="Search cards"
        value={value}
        onChange={(event) => {
          onChange(event.target.value);
          listbox.reopen();
        }}
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
      <ListboxPopup listbox={listbox} options={options} label="Card suggestions" optionKey={(label) => label}>
        {(label) => label}
      </ListboxPopup>
    </div>
  );
}
