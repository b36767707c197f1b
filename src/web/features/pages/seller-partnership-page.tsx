import { ComingSoon } from '../../components/coming-soon.tsx';

export function SellerPartnershipPage() {
  return (
    <ComingSoon
      title="Seller Equity Program"
      summary="A partnership program for high-volume sellers, with zero fees in the first year."
    />
  );
}
