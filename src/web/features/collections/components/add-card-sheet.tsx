import { type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
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
import { FieldMessage, inputClass } from '#web/components/ui/fields.tsx';
import { Sheet } from '#web/components/ui/sheet.tsx';
import { ErrorNotice } from '#web/components/ui/states.tsx';
import { useAddCollectionItem } from '#web/features/collections/api/collection.ts';
import { type FormFieldErrors, issueFieldErrors, useFieldErrors } from '#web/lib/use-field-errors.ts';
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

/** docs/product.md §4–§5 add forms. The form lives inside the sheet, so closing the sheet resets it. */
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
const FIELDS = [
  'setId',
  'cardName',
  'grade',
  'gradingCompany',
  'variant',
  'certNumber',
  'acceptingOffers',
] as const;
type Field = (typeof FIELDS)[number];

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
  const form = useFieldErrors(FIELDS);
  const [setId, setSetId] = useState<SetId | null>(null);
  const [cardText, setCardText] = useState('');
  const [card, setCard] = useState<CatalogueCard | null>(null);
  const [grade, setGrade] = useState('');
  const [company, setCompany] = useState('');
  const [variant, setVariant] = useState('');
  const [certNumber, setCertNumber] = useState('');
  const [acceptingOffers, setAcceptingOffers] = useState(false);
  // What is wrong beyond the fields, such as a full list.
  const [error, setError] = useState<string | null>(null);
  const cards = useQuery({ ...setCardsQuery(setId ?? 'base_set'), enabled: setId !== null });
  const setCards = setId && cards.data ? cards.data.cards : null;
  const add = useAddCollectionItem(ownerId);
  const collected = list === 'collected';
  const cardHintId = `${form.idOf('cardName')}-hint`;

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
    setError(null);
    if (!checked.success) {
      const found = issueFieldErrors(checked.error.issues, FIELDS);
      form.show(found);
      if (Object.keys(found).length === 0)
        setError(checked.error.issues[0]?.message ?? 'Check the form and try again.');
      return;
    }
    form.clear();
    add.mutate(body, {
      onSuccess: onDone,
      onError: (failure) => {
        if (!form.showApiError(failure)) setError(failure.message);
      },
    });
  };

  return (
    <form className="space-y-4" onSubmit={submit} noValidate>
      {error ? <ErrorNotice message={error} /> : null}
      <div className="space-y-1">
        <label htmlFor={form.idOf('setId')} className={labelClass}>
          Card Set
          <RequiredMark />
        </label>
        <select
          {...form.control('setId')}
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
        <FieldMessage id={form.messageIdOf('setId')} message={form.errors.setId} />
      </div>
      <div className="space-y-1">
        <label htmlFor={form.idOf('cardName')} className={labelClass}>
          Card Name
          <RequiredMark />
        </label>
        <CardPicker
          {...form.control('cardName', cardHintId)}
          cards={setCards}
          text={cardText}
          onTextChange={typeCard}
          onChoose={(chosen) => {
            setCard(chosen);
            setCardText(chosen.name);
          }}
        />
        <p id={cardHintId} className="text-xs text-slate-600">
          {setId === null
            ? 'Choose a set to see its cards.'
            : cards.isError
              ? 'The cards of this set could not be loaded. Choose the set again to retry.'
              : card
                ? `Card ${card.number} · ${card.rarity}`
                : 'Pick a card from the suggestions.'}
        </p>
        <FieldMessage id={form.messageIdOf('cardName')} message={form.errors.cardName} />
      </div>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        <SelectField
          field="grade"
          form={form}
          label="Grade"
          value={grade}
          onChange={setGrade}
          options={GRADES.map(String)}
        />
        <SelectField
          field="gradingCompany"
          form={form}
          label="Grading Company"
          value={company}
          onChange={setCompany}
          options={GRADING_COMPANIES}
        />
        <SelectField
          field="variant"
          form={form}
          label="Variant"
          value={variant}
          onChange={setVariant}
          options={VARIANTS}
        />
      </div>
      {collected ? (
        <>
          <div className="space-y-1">
            <label htmlFor={form.idOf('certNumber')} className={labelClass}>
              Cert Number
            </label>
            <input
              {...form.control('certNumber')}
              type="text"
              inputMode="numeric"
              autoComplete="off"
              value={certNumber}
              onChange={(event) => setCertNumber(event.target.value)}
              className={inputClass}
            />
            <FieldMessage id={form.messageIdOf('certNumber')} message={form.errors.certNumber} />
          </div>
          <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
            <input
              {...form.control('acceptingOffers')}
              type="checkbox"
              checked={acceptingOffers}
              onChange={(event) => setAcceptingOffers(event.target.checked)}
              className="size-4 accent-brand-600"
            />
            Accepting Offers
          </label>
          <FieldMessage id={form.messageIdOf('acceptingOffers')} message={form.errors.acceptingOffers} />
        </>
      ) : null}
      <Button type="submit" className="w-full" disabled={!setId || !card || add.isPending}>
        {add.isPending ? 'Adding…' : `Add to ${COLLECTION_LIST_LABELS[list]}`}
      </Button>
    </form>
  );
}

interface SelectFieldProps {
  field: Field;
  form: FormFieldErrors<Field>;
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly string[];
}

function SelectField({ field, form, label, value, onChange, options }: SelectFieldProps) {
  return (
    <div className="space-y-1">
      <label htmlFor={form.idOf(field)} className={labelClass}>
        {label}
      </label>
      <select
        {...form.control(field)}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={inputClass}
      >
        <option value="">Not given</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
      <FieldMessage id={form.messageIdOf(field)} message={form.errors[field]} />
    </div>
  );
}
