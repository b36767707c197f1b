import { Eye, Plus } from 'lucide-react';
import type { CertSlab } from '#shared/schemas/certs.ts';
import { Button } from '#web/components/ui/button.tsx';
import { useSession } from '#web/features/accounts/api/session.ts';
import { useAddCollectionItem } from '#web/features/collections/api/collection.ts';
import { useCreateWatch } from '#web/features/watches/api/watches.ts';

type SlabCard = NonNullable<CertSlab['card']>;

/**
 * **Add to my collection** and **Watch** for a looked-up slab, each one tap: the card, PSA, the grade, the
 * certificate and the print come from the slab. Signed out, a note says what signing in allows.
 */
export function SlabActions({ slab }: { slab: CertSlab }) {
  const { user, isLoading } = useSession();
  if (!slab.card || isLoading) return null;
  if (!user) {
    return (
      <p className="mt-4 text-sm text-slate-600">
        Sign in to add this slab to your collection or watch its sales.
      </p>
    );
  }
  return <SignedInActions slab={slab} card={slab.card} ownerId={user.id} />;
}

function SignedInActions({ slab, card, ownerId }: { slab: CertSlab; card: SlabCard; ownerId: string }) {
  const add = useAddCollectionItem(ownerId);
  const watch = useCreateWatch();
  // Collections keep whole grades (docs/product.md §3): a half grade goes in without its number.
  const grade = slab.grade.value;
  const wholeGrade = grade !== null && Number.isInteger(grade) ? grade : undefined;
  const addToCollection = () =>
    add.mutate({
      list: 'collected',
      setId: card.setId,
      cardName: card.cardName,
      cardNumber: card.cardNumber,
      grade: wholeGrade,
      gradingCompany: 'PSA',
      certNumber: slab.cert,
      variant: card.variant,
    });
  const watchSales = () =>
    watch.mutate({ set: card.setId, card: card.cardName, grader: 'PSA', grade: grade ?? undefined });
  const failure = add.error ?? watch.error;

  return (
    <div className="mt-4 space-y-2">
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button
          onClick={addToCollection}
          disabled={add.isPending || add.isSuccess}
          className="w-full sm:w-auto"
        >
          <Plus className="size-4" aria-hidden />
          {add.isPending ? 'Adding…' : add.isSuccess ? 'In your collection' : 'Add to my collection'}
        </Button>
        <Button
          variant="secondary"
          onClick={watchSales}
          disabled={watch.isPending || watch.isSuccess}
          className="w-full sm:w-auto"
        >
          <Eye className="size-4" aria-hidden />
          {watch.isPending ? 'Watching…' : watch.isSuccess ? 'Watching' : 'Watch'}
        </Button>
      </div>
      <div role="status" className="text-sm text-slate-700">
        {add.isSuccess ? <p>Added to your collection with certificate {slab.cert}.</p> : null}
        {watch.isSuccess ? (
          <p>
            You will be alerted of new sales of {card.cardName}
            {grade === null ? '' : ` in PSA ${grade}`}.
          </p>
        ) : null}
      </div>
      {grade !== null && wholeGrade === undefined ? (
        <p className="text-xs text-slate-600">
          Collections keep whole grades, so this slab goes in without its grade of {grade}.
        </p>
      ) : null}
      {failure ? (
        <p role="alert" className="text-sm text-red-700">
          {failure.message}
        </p>
      ) : null}
    </div>
  );
}
