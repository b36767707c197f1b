import { useParams } from 'react-router';
import { getSetBySlug } from '#shared/sets.ts';
import { CardGallery } from '#web/features/catalogue/components/card-gallery.tsx';
import type { CardSearchUrl } from '#web/features/catalogue/components/card-tile.tsx';
import { newSearchUrl } from '#web/features/search/search-state.ts';
import { NotFoundPage } from './not-found.tsx';

const searchUrl: CardSearchUrl = (mode, card) => newSearchUrl(mode, card.setId, card.searchName);

/** /card-sets/:slug: a set's gallery, whose cards link to their sales and collectors on the home page. */
export function CardSetGalleryPage() {
  const set = getSetBySlug(useParams().slug ?? '');
  if (!set) return <NotFoundPage />;
  return <CardGallery key={set.id} set={set} searchUrl={searchUrl} />;
}
