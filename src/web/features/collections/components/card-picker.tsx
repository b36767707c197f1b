import { type KeyboardEvent, useEffect, useId, useState } from 'react';
import type { CatalogueCard } from '#shared/schemas/catalogue.ts';
import { inputClass } from '../../accounts/components/fields.tsx';
import { cardOptionLabel, matchingCards } from '../card-matching.ts';

interface CardPickerProps {
  id: string;
  /** Null until a set is chosen: the field is disabled. */
  cards: readonly CatalogueCard[] | null;
  text: string;
  onTextChange: (text: string) => void;
  onChoose: (card: CatalogueCard) => void;
  describedBy?: string;
}

/** The add form's Card Name: an ARIA combobox over the chosen set's cards, filtered as the user types. */
export function CardPicker({ id, cards, text, onTextChange, onChoose, describedBy }: CardPickerProps) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const listId = `${useId()}-cards`;
  const optionId = (index: number) => `${listId}-${index}`;
  const options = cards ? matchingCards(cards, text) : [];
  const expanded = open && options.length > 0;
  const activeIndex = active < options.length ? active : -1;
  const activeId = expanded && activeIndex >= 0 ? optionId(activeIndex) : undefined;

  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView({ block: 'nearest' });
  }, [activeId]);

  const choose = (card: CatalogueCard) => {
    onChoose(card);
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
    } else if (event.key === 'Enter' && expanded && activeIndex >= 0) {
      event.preventDefault();
      const card = options[activeIndex];
      if (card) choose(card);
    } else if (event.key === 'Escape' && expanded) {
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
    }
  };

  return (
    <div className="relative">
      <input
        id={id}
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={expanded ? listId : undefined}
        aria-activedescendant={activeId}
        aria-required
        aria-describedby={describedBy}
        autoComplete="off"
        spellCheck={false}
        disabled={cards === null}
        placeholder={cards === null ? 'Choose a set first' : 'Start typing, e.g. Charizard'}
        value={text}
        onChange={(event) => {
          onTextChange(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onClick={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
        className={inputClass}
      />
      {expanded ? (
        <div
          id={listId}
          role="listbox"
          aria-label="Cards"
          className="absolute inset-x-0 top-full z-20 mt-1 max-h-60 overflow-auto rounded-xl border border-slate-200 bg-white py-1 shadow-lg"
        >
          {options.map((card, index) => (
            <div
              key={card.cardId}
              id={optionId(index)}
              role="option"
              aria-selected={index === activeIndex}
              tabIndex={-1}
              // Choosing on mousedown keeps focus in the input, so its blur does not close the list first.
              onMouseDown={(event) => {
                event.preventDefault();
                choose(card);
              }}
              onMouseMove={() => setActive(index)}
              className={`cursor-pointer px-3 py-2 text-sm ${index === activeIndex ? 'bg-brand-50 text-brand-700' : 'text-slate-800'}`}
            >
              {cardOptionLabel(card)}
            </div>
          ))}
        </div>
      ) : null}
    </div>
  );
}
