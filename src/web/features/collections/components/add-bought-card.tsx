import { Link } from 'react-router';
import type { GradingCompany } from '#shared/collection-rules.ts';
import type { AddCollectionItemBody } from '#shared/schemas/collections.ts';
import { getSet, type SetId } from '#shared/sets.ts';
import { Button } from '#web/components/ui/button.tsx';
import { ErrorNotice } from '#web/components/ui/states.tsx';
import { useAddCollectionItem } from '#web/features/collections/api/collection.ts';

/**
 * A card that changed hands, for the new owner's Collected list, with its card, grader, grade and certificate
 * filled in: the same add as the collection's own form.
 */
export interface BoughtCard {
  setId: SetId;
  cardName: string;
  cardNumber: string;
  gradingCompany: GradingCompany | null;
  grade: number | null;
  certNumber: string | null;
}

/** The add request: on the Collected list, not open to offers until the new owner says so. */
function addBody(card: BoughtCard): AddCollectionItemBody {
  return {
    list: 'collected',
    setId: card.setId,
    cardName: card.cardName,
    cardNumber: card.cardNumber,
    ...(card.gradingCompany ? { gradingCompany: card.gradingCompany } : {}),
    ...(card.grade === null ? {} : { grade: card.grade }),
    ...(card.certNumber ? { certNumber: card.certNumber } : {}),
    acceptingOffers: false,
  };
}

export function AddBoughtCard({ ownerId, card }: { ownerId: string; card: BoughtCard }) {
  const add = useAddCollectionItem(ownerId);
  if (add.isSuccess) {
    return (
      <p role="status" className="font-medium text-emerald-800">
        Added to your Collected list.{' '}
        <Link to={`/profile/${encodeURIComponent(ownerId)}`} className="text-brand-700 underline">
          See your collection
        </Link>
      </p>
    );
  }
  return (
    <section
      aria-labelledby="add-bought-card"
      className="space-y-2 rounded-lg bg-white p-3 ring-1 ring-slate-200"
    >
      <h3 id="add-bought-card" className="font-semibold text-slate-900">
        Add to my collection
      </h3>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        <dt className="text-slate-600">Card</dt>
        <dd>
          {card.cardName} {card.cardNumber} · {getSet(card.setId).name}
        </dd>
        <dt className="text-slate-600">Grader</dt>
        <dd>{card.gradingCompany ?? 'Ungraded'}</dd>
        <dt className="text-slate-600">Grade</dt>
        <dd>{card.grade ?? '—'}</dd>
        <dt className="text-slate-600">Certificate</dt>
        <dd className="font-mono">{card.certNumber || '—'}</dd>
      </dl>
      {add.isError ? <ErrorNotice message={add.error.message} /> : null}
      <Button disabled={add.isPending} onClick={() => add.mutate(addBody(card))}>
        {add.isPending ? 'Adding…' : 'Add to my collection'}
      </Button>
    </section>
  );
}
