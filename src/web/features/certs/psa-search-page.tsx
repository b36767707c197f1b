import { ComingSoon } from '../../components/coming-soon.tsx';

export function PsaSearchPage() {
  return (
    <ComingSoon
      title="PSA Cert Search"
      summary="Look up a PSA certificate by its number to check a graded card."
    />
  );
}
