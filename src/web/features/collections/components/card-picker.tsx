import type { CatalogueCard } from '#shared/schemas/catalogue.ts';
import { inputClass } from '#web/components/ui/fields.tsx';
import { ListboxPopup, useListbox } from '#web/components/ui/listbox.tsx';
import { cardOptionLabel, matchingCards } from '#web/features/collections/card-matching.ts';

interface CardPickerProps {
  id: string;
  /** Null until a set is chosen: the field is disabled. */
  cards: readonly CatalogueCard[] | null;
  text: string;
  onTextChange: (text: string) => void;
  onChoose: (card: CatalogueCard) => void;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
}

/** The add form's Card Name: an ARIA combobox over the chosen set's cards, filtered as the user types. */
export function CardPicker({ id, cards, text, onTextChange, onChoose, ...aria }: CardPickerProps) {
  const options = cards ? matchingCards(cards, text) : [];
  const listbox = useListbox({
    count: options.length,
    onPick: (index) => {
      const card = options[index];
      if (card) onChoose(card);
    },
  });

  return (
    <div className="relative">
      <input
        id={id}
        type="text"
        {...listbox.inputProps}
        aria-required
        {...aria}
        autoComplete="off"
        spellCheck={false}
        disabled={cards === null}
        placeholder={cards === null ? 'Choose a set first' : 'Start typing, e.g. Charizard'}
        value={text}
        onChange={(event) => {
          onTextChange(event.target.value);
          listbox.reopen();
        }}
        onClick={listbox.inputProps.onFocus}
        onKeyDown={listbox.onKeyDown}
        className={inputClass}
      />
      <ListboxPopup listbox={listbox} options={options} label="Cards" optionKey={(card) => card.cardId}>
        {cardOptionLabel}
      </ListboxPopup>
    </div>
  );
}
