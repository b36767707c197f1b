import { ComingSoon } from '../../components/coming-soon.tsx';

export function CardAdvancesPage() {
  return (
    <ComingSoon
      title="Card Advances"
      summary="Cash advances against your graded cards, up to 75% of market value."
    />
  );
}
