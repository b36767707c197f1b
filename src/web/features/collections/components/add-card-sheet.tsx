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
import { Field, FieldFrame, FieldMessage, hintIdOf, SelectField } from '#web/components/ui/fields.tsx';
import { Sheet } from '#web/components/ui/sheet.tsx';
import { ErrorNotice } from '#web/components/ui/states.tsx';
import { useAddCollectionItem } from '#web/features/collections/api/collection.ts';
import { issueFieldErrors, useFieldErrors } from '#web/lib/use-field-errors.ts';
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

const FIELDS = [
  'setId',
  'cardName',
  'grade',
  'gradingCompany',
  'variant',
  'certNumber',
  'acceptingOffers',
] as const;

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
      <SelectField
        {...form.field('setId')}
        label={
          <>
            Card Set
            <RequiredMark />
          </>
        }
        required
        value={setId ?? ''}
        onChange={chooseSet}
        emptyLabel="Choose a set"
        options={SETS.map((set) => ({ value: set.id, label: set.name }))}
      />
      <FieldFrame
        {...form.field('cardName')}
        label={
          <>
            Card Name
            <RequiredMark />
          </>
        }
        hint={
          setId === null
            ? 'Choose a set to see its cards.'
            : cards.isError
              ? 'The cards of this set could not be loaded. Choose the set again to retry.'
              : card
                ? `Card ${card.number} · ${card.rarity}`
                : 'Pick a card from the suggestions.'
        }
      >
        <CardPicker
          {...form.control('cardName', hintIdOf(form.idOf('cardName')))}
          cards={setCards}
          text={cardText}
          onTextChange={typeCard}
          onChoose={(chosen) => {
            setCard(chosen);
            setCardText(chosen.name);
          }}
        />
      </FieldFrame>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        <SelectField
          {...form.field('grade')}
          label="Grade"
          value={grade}
          onChange={setGrade}
          emptyLabel="Not given"
          options={GRADES.map(String)}
        />
        <SelectField
          {...form.field('gradingCompany')}
          label="Grading Company"
          value={company}
          onChange={setCompany}
          emptyLabel="Not given"
          options={GRADING_COMPANIES}
        />
        <SelectField
          {...form.field('variant')}
          label="Variant"
          value={variant}
          onChange={setVariant}
          emptyLabel="Not given"
          options={VARIANTS}
        />
      </div>
      {collected ? (
        <>
          <Field
            {...form.field('certNumber')}
            label="Cert Number"
            type="text"
            inputMode="numeric"
            autoComplete="off"
            value={certNumber}
            onChange={(event) => setCertNumber(event.target.value)}
          />
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
