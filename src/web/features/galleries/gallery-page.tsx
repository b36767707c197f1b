import { useParams } from 'react-router';
import { getSetBySlug } from '#shared/sets.ts';
import { NotFoundPage } from '../../app/not-found-page.tsx';
import { ComingSoon } from '../../components/coming-soon.tsx';

export function GalleryPage() {
  const set = getSetBySlug(useParams().slug ?? '');
  if (!set) return <NotFoundPage />;
  return (
    <ComingSoon title={`${set.name} gallery`} summary={`Every card of ${set.name} with its rarity counts.`} />
  );
}
