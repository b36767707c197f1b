import { type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import {
  COLLECTION_LIST_LABELS,
  type CollectionList,
  GRADES,
  GRADING_COMPANIES,
  VARIANTS,
} from '#shared/collection-rules.ts';
import type { CatalogueCard, SetCardsResponse } from '#shared/schemas/catalogue.ts';
import { type AddCollectionItemBody, AddCollectionItemBodySchema } from '#shared/schemas/collections.ts';
import { parseSetId, SETS, type SetId } from '#shared/sets.ts';
import { Button } from '#web/components/ui/button.tsx';
import { inputClass } from '#web/components/ui/fields.tsx';
import { Sheet } from '#web/components/ui/sheet.tsx';
import { ErrorNotice } from '#web/components/ui/states.tsx';
import { useAddCollectionItem } from '#web/features/collections/api/collection.ts';
import { CardPicker } from './card-picker.tsx';

/** The catalogue's query for the cards of a set, handed in by the page that shows the collection. */
export type SetCardsQuery = (
  setId: SetId,
) => UseQueryOptions<SetCardsResponse, Error, SetCardsResponse, string[]>;

interface AddCardSheetProps {
  ownerId: string;
  list: CollectionList;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  setCardsQuery: SetCardsQuery;
}

/** SPEC.md §4–§5 add forms. The form lives inside the sheet, so closing the sheet resets it. */
export function AddCardSheet({ ownerId, list, open, onOpenChange, setCardsQuery }: AddCardSheetProps) {
  return (
    <Sheet
      open={open}
      onOpenChange={onOpenChange}
      side="bottom"
      title={`Add to ${COLLECTION_LIST_LABELS[list]}`}
    >
      <AddCardForm
        ownerId={ownerId}
        list={list}
        setCardsQuery={setCardsQuery}
        onDone={() => onOpenChange(false)}
      />
    </Sheet>
  );
}

function RequiredMark() {
  return (
    <span aria-hidden className="text-red-700">
      {' '}
      *
    </span>
  );
}

const labelClass = 'block text-sm font-medium text-slate-800';

function AddCardForm({
  ownerId,
  list,
  setCardsQuery,
  onDone,
}: {
  ownerId: string;
  list: CollectionList;
  setCardsQuery: SetCardsQuery;
  onDone: () => void;
}) {
  const ids = useId();
  const [setId, setSetId] = useState<SetId | null>(null);
  const [cardText, setCardText] = useState('');
  const [card, setCard] = useState<CatalogueCard | null>(null);
  const [grade, setGrade] = useState('');
  const [company, setCompany] = useState('');
  const [variant, setVariant] = useState('');
  const [certNumber, setCertNumber] = useState('');
  const [acceptingOffers, setAcceptingOffers] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const cards = useQuery({ ...setCardsQuery(setId ?? 'base_set'), enabled: setId !== null });
  const setCards = setId && cards.data ? cards.data.cards : null;
  const add = useAddCollectionItem(ownerId);
  const collected = list === 'collected';

  const chooseSet = (value: string) => {
    setSetId(parseSetId(value) ?? null);
    setCardText('');
    setCard(null);
  };

  const typeCard = (text: string) => {
    setCardText(text);
    // A name typed in full counts as chosen when it names exactly one card of the set.
    const named = (setCards ?? []).filter(
      (candidate) => candidate.name.toLowerCase() === text.trim().toLowerCase(),
    );
    setCard(named.length === 1 ? (named[0] ?? null) : null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!setId || !card || add.isPending) return;
    const body: AddCollectionItemBody = {
      list,
      setId,
      cardName: card.searchName,
      cardNumber: card.number,
      grade: grade ? Number(grade) : undefined,
      gradingCompany: (company || undefined) as AddCollectionItemBody['gradingCompany'],
      variant: (variant || undefined) as AddCollectionItemBody['variant'],
      ...(collected ? { certNumber, acceptingOffers } : {}),
    };
    const checked = AddCollectionItemBodySchema.safeParse(body);
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? 'Check the form and try again.');
      return;
    }
    setError(null);
    add.mutate(body, { onSuccess: onDone, onError: (failure) => setError(failure.message) });
  };

  return (
    <form className="space-y-4" onSubmit={submit} noValidate>
      {error ? <ErrorNotice message={error} /> : null}
      <div className="space-y-1">
        <label htmlFor={`${ids}-set`} className={labelClass}>
          Card Set
          <RequiredMark />
        </label>
        <select
          id={`${ids}-set`}
          required
          value={setId ?? ''}
          onChange={(event) => chooseSet(event.target.value)}
          className={inputClass}
        >
          <option value="">Choose a set</option>
          {SETS.map((set) => (
            <option key={set.id} value={set.id}>
              {set.name}
            </option>
          ))}
        </select>
      </div>
      <div className="space-y-1">
        <label htmlFor={`${ids}-card`} className={labelClass}>
          Card Name
          <RequiredMark />
        </label>
        <CardPicker
          id={`${ids}-card`}
          cards={setCards}
          text={cardText}
          onTextChange={typeCard}
          onChoose={(chosen) => {
            setCard(chosen);
            setCardText(chosen.name);
          }}
          describedBy={`${ids}-card-hint`}
        />
        <p id={`${ids}-card-hint`} className="text-xs text-slate-600">
          {setId === null
            ? 'Choose a set to see its cards.'
            : cards.isError
              ? 'The cards of this set could not be loaded. Choose the set again to retry.'
              : card
                ? `Card ${card.number} · ${card.rarity}`
                : 'Pick a card from the suggestions.'}
        </p>
      </div>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        <SelectField
          id={`${ids}-grade`}
          label="Grade"
          value={grade}
          onChange={setGrade}
          options={GRADES.map(String)}
        />
        <SelectField
          id={`${ids}-company`}
          label="Grading Company"
          value={company}
          onChange={setCompany}
          options={GRADING_COMPANIES}
        />
        <SelectField
          id={`${ids}-variant`}
          label="Variant"
          value={variant}
          onChange={setVariant}
          options={VARIANTS}
        />
      </div>
      {collected ? (
        <>
          <div className="space-y-1">
            <label htmlFor={`${ids}-cert`} className={labelClass}>
              Cert Number
            </label>
            <input
              id={`${ids}-cert`}
              type="text"
              inputMode="numeric"
              autoComplete="off"
              value={certNumber}
              onChange={(event) => setCertNumber(event.target.value)}
              className={inputClass}
            />
          </div>
          <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
            <input
              type="checkbox"
              checked={acceptingOffers}
              onChange={(event) => setAcceptingOffers(event.target.checked)}
              className="size-4 accent-brand-600"
            />
            Accepting Offers
          </label>
        </>
      ) : null}
      <Button type="submit" className="w-full" disabled={!setId || !card || add.isPending}>
        {add.isPending ? 'Adding…' : `Add to ${COLLECTION_LIST_LABELS[list]}`}
      </Button>
    </form>
  );
}

interface SelectFieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly string[];
}

function SelectField({ id, label, value, onChange, options }: SelectFieldProps) {
  return (
    <div className="space-y-1">
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)} className={inputClass}>
        <option value="">Not given</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    </div>
  );
}
