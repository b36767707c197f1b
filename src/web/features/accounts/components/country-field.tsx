import { type KeyboardEvent, useId, useMemo, useState } from 'react';
import { type Country, searchCountries } from '#shared/countries.ts';
import { FieldFrame, hintIdOf, inputClass } from '#web/components/ui/fields.tsx';

interface CountryValue {
  country: string;
  countryCode: string;
}

interface CountryFieldProps {
  id: string;
  'aria-invalid'?: true;
  /** The field's message, when it has one; the hint below the field is always described. */
  'aria-describedby'?: string;
  value: CountryValue;
  onChange: (value: CountryValue) => void;
  disabled?: boolean;
}

const NONE: CountryValue = { country: '', countryCode: '' };

/**
 * A combobox over the offline ISO 3166 list. Only a country picked from the suggestions counts: typing after
 * a pick, or emptying the field, clears the stored name and code (docs/product.md §5).
 */
export function CountryField({
  id,
  value,
  onChange,
  disabled,
  'aria-invalid': invalid,
  'aria-describedby': describedBy,
}: CountryFieldProps) {
  const listId = useId();
  const [text, setText] = useState(value.country);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const suggestions = useMemo(() => searchCountries(text), [text]);
  const showList = open && suggestions.length > 0 && text !== value.country;

  function type(next: string) {
    setText(next);
    setActive(0);
    setOpen(true);
    if (value.country || value.countryCode) onChange(NONE);
  }

  function pick(country: Country) {
    setText(country.name);
    setOpen(false);
    onChange({ country: country.name, countryCode: country.code });
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      setActive((index) => Math.min(index + 1, suggestions.length - 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((index) => Math.max(index - 1, 0));
    } else if (event.key === 'Enter' && showList) {
      event.preventDefault();
      const country = suggestions[active];
      if (country) pick(country);
    } else if (event.key === 'Escape' && showList) {
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
    }
  }

  const optionId = (index: number) => `${listId}-option-${index}`;
  return (
    <FieldFrame id={id} label="Country" hint="Start typing, then pick your country from the list.">
      <div className="relative">
        <input
          id={id}
          type="text"
          role="combobox"
          autoComplete="off"
          required
          aria-autocomplete="list"
          aria-expanded={showList}
          aria-controls={listId}
          aria-activedescendant={showList ? optionId(active) : undefined}
          aria-invalid={invalid}
          aria-describedby={describedBy ? `${hintIdOf(id)} ${describedBy}` : hintIdOf(id)}
          className={inputClass}
          value={text}
          disabled={disabled}
          onChange={(event) => type(event.target.value)}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={onKeyDown}
        />
        <div
          id={listId}
          role="listbox"
          aria-label="Countries"
          hidden={!showList}
          className="absolute inset-x-0 top-full z-10 mt-1 max-h-60 overflow-y-auto rounded-lg border border-slate-200 bg-white py-1 shadow-lg"
        >
          {suggestions.map((country, index) => (
            <div
              key={country.code}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              tabIndex={-1}
              className={`cursor-pointer px-3 py-2 text-sm ${index === active ? 'bg-brand-50 text-brand-700' : 'text-slate-800'}`}
              // Picking happens before the input's blur closes the list.
              onMouseDown={(event) => {
                event.preventDefault();
                pick(country);
              }}
              onMouseEnter={() => setActive(index)}
            >
              {country.name}
            </div>
          ))}
        </div>
      </div>
    </FieldFrame>
  );
}
