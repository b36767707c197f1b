/** The seller's feedback at the time of sale, as the table's tooltip says it. */
export function sellerRatingText(rating: number | null): string {
  return rating === null ? 'Seller rating unknown' : `Seller rating at time of sale: ${rating}%`;
}
