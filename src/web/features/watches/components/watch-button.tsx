import { BellPlus, BellRing } from 'lucide-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { cardNameKey, normaliseCardName } from '#shared/card-names.ts';
import { cohortLabel } from '#shared/notification-text.ts';
import { parseDollars } from '#shared/schemas/inquiries.ts';
import { type CreateWatchBody, CreateWatchBodySchema, type Watch } from '#shared/schemas/watches.ts';
import type { SetId } from '#shared/sets.ts';
import { watchText } from '#shared/watch-text.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Field, SelectField } from '#web/components/ui/fields.tsx';
import { Sheet } from '#web/components/ui/sheet.tsx';
import { ErrorNotice } from '#web/components/ui/states.tsx';
import { useCreateWatch, useDeleteWatch, useWatches } from '#web/features/watches/api/watches.ts';
import { issueFieldErrors, useFieldErrors } from '#web/lib/use-field-errors.ts';

export interface WatchTarget {
  set: SetId;
  /** The card as searched. */
  card: string;
  /** The analysis page's grade filter; null watches every grade. */
  grader: string | null;
  grade: number | null;
}

interface WatchButtonProps {
  target: WatchTarget;
  signedIn: boolean;
  /** Watching needs an account: a visitor signs in right here with this control. */
  loginButton: ReactNode;
}

function isSameCohort(watch: Watch, target: WatchTarget): boolean {
  return (
    watch.setId === target.set &&
    cardNameKey(watch.cardName) === cardNameKey(normaliseCardName(target.card)) &&
    watch.grader === target.grader &&
    watch.grade === target.grade
  );
}

/**
 * docs/product.md §10: Watch on the analysis page. It watches the card with the page's grade filter, and an
 * optional price condition; once watched, it says so.
 */
export function WatchButton({ target, signedIn, loginButton }: WatchButtonProps) {
  const [open, setOpen] = useState(false);
  const watches = useWatches(signedIn);
  const watching = watches.data?.watches.filter((watch) => isSameCohort(watch, target)) ?? [];
  const cohort = {
    setId: target.set,
    cardName: normaliseCardName(target.card),
    grader: target.grader,
    grade: target.grade,
  };

  return (
    <div className="flex flex-wrap items-center gap-2">
      <Sheet
        open={open}
        onOpenChange={setOpen}
        side="bottom"
        title={watching.length > 0 ? 'Your watch' : 'Watch this card'}
        trigger={
          <Button variant="secondary" className="px-3">
            {watching.length > 0 ? (
              <BellRing className="size-4" aria-hidden />
            ) : (
              <BellPlus className="size-4" aria-hidden />
            )}
            {watching.length > 0 ? 'Watching' : 'Watch'}
          </Button>
        }
      >
        {signedIn && watching.length > 0 ? (
          <CurrentWatches watches={watching} target={target} onDone={() => setOpen(false)} />
        ) : signedIn ? (
          <WatchForm target={target} onDone={() => setOpen(false)} />
        ) : (
          <div className="space-y-4">
            <p className="text-slate-700">Log in to be told when {cohortLabel(cohort)} sells.</p>
            {loginButton}
          </div>
        )}
      </Sheet>
      {watching.length > 0 ? (
        <p className="text-sm text-slate-600" role="status">
          You are watching {watching.map((watch) => watchText(watch)).join('; ')}.
        </p>
      ) : null}
    </div>
  );
}

/**
 * What a card already watched opens on: each watch with its condition, Change (the form, filled in; saving
 * replaces the watch) and Stop watching.
 */
function CurrentWatches({
  watches,
  target,
  onDone,
}: {
  watches: Watch[];
  target: WatchTarget;
  onDone: () => void;
}) {
  const [changing, setChanging] = useState<Watch | null>(null);
  const stop = useDeleteWatch();
  if (changing) return <WatchForm target={target} replaces={changing} onDone={onDone} />;
  return (
    <div className="space-y-4">
      <ul className="space-y-3">
        {watches.map((watch) => (
          <li key={watch.id} className="space-y-2 rounded-xl border border-slate-200 p-3">
            <p className="text-slate-800">You are watching {watchText(watch)}.</p>
            <div className="flex flex-wrap gap-2">
              <Button variant="secondary" onClick={() => setChanging(watch)}>
                Change
              </Button>
              <Button
                variant="ghost"
                className="text-red-700 hover:bg-red-50"
                disabled={stop.isPending}
                onClick={() => stop.mutate(watch.id, { onSuccess: onDone })}
              >
                Stop watching
              </Button>
            </div>
          </li>
        ))}
      </ul>
      {stop.isError ? <ErrorNotice message={stop.error.message} /> : null}
    </div>
  );
}

const CONDITIONS = {
  any: 'On every sale',
  below: 'When a sale is below a price',
  above: 'When a sale is above a price',
} as const;
type Condition = keyof typeof CONDITIONS;
const FIELDS = ['price'] as const;

function conditionOf(watch: Watch | undefined): Condition {
  if (watch?.below != null) return 'below';
  if (watch?.above != null) return 'above';
  return 'any';
}

function WatchForm({
  target,
  replaces,
  onDone,
}: {
  target: WatchTarget;
  /** The watch this form changes: saved as a new one, then the old one is stopped. */
  replaces?: Watch;
  onDone: () => void;
}) {
  const [condition, setCondition] = useState<Condition>(conditionOf(replaces));
  const [price, setPrice] = useState(String(replaces?.below ?? replaces?.above ?? ''));
  const stopOld = useDeleteWatch();
  const [error, setError] = useState<string | null>(null);
  const form = useFieldErrors(FIELDS);
  const create = useCreateWatch();
  const cohort = {
    setId: target.set,
    cardName: normaliseCardName(target.card),
    grader: target.grader,
    grade: target.grade,
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    const amount = condition === 'any' ? undefined : (parseDollars(price) ?? Number.NaN);
    const body: CreateWatchBody = {
      set: target.set,
      card: target.card,
      grader: target.grader as CreateWatchBody['grader'],
      grade: target.grade,
      ...(condition === 'below' ? { below: amount } : {}),
      ...(condition === 'above' ? { above: amount } : {}),
    };
    const checked = CreateWatchBodySchema.safeParse(body);
    setError(null);
    if (!checked.success) {
      const found = issueFieldErrors(
        checked.error.issues.map((issue) => ({
          ...issue,
          path: ['below', 'above'].includes(String(issue.path[0])) ? ['price'] : issue.path,
        })),
        FIELDS,
      );
      form.show(found);
      if (Object.keys(found).length === 0) setError(checked.error.issues[0]?.message ?? null);
      return;
    }
    form.clear();
    create.mutate(body, {
      onSuccess: () => {
        if (replaces)
          stopOld.mutate(replaces.id, { onSuccess: onDone, onError: (failure) => setError(failure.message) });
        else onDone();
      },
      onError: (failure) => setError(failure.message),
    });
  };

  return (
    <form className="space-y-4" onSubmit={submit} noValidate>
      <p className="text-slate-700">
        {cohort.cardName}
        {target.grader ? ` · ${target.grader} ${target.grade ?? ''}` : ' · any grade'}
      </p>
      {target.grader ? null : (
        <p className="text-sm text-slate-600">
          To watch one grade only, choose it in the grade filter first.
        </p>
      )}
      <SelectField
        id="watch-condition"
        label="Tell me"
        value={condition}
        onChange={(value) => setCondition(value as Condition)}
        options={Object.entries(CONDITIONS).map(([value, label]) => ({ value, label }))}
      />
      {condition === 'any' ? null : (
        <Field
          {...form.field('price')}
          label="Price in US dollars"
          inputMode="decimal"
          autoComplete="off"
          placeholder="20000"
          value={price}
          onChange={(event) => setPrice(event.target.value)}
        />
      )}
      {error ? <ErrorNotice message={error} /> : null}
      <Button type="submit" className="w-full" disabled={create.isPending || stopOld.isPending}>
        {create.isPending || stopOld.isPending ? 'Saving…' : replaces ? 'Save changes' : 'Start watching'}
      </Button>
    </form>
  );
}
