import type { AdminSale } from '#shared/schemas/admin.ts';

/** The listing photo, or the card art when the sale has none. */
function saleImage(sale: Pick<AdminSale, 'imageUrl' | 'cardId'>): string {
  return sale.imageUrl ?? `/card-images/${sale.cardId}`;
}

export function SaleThumbnail({ sale }: { sale: AdminSale }) {
  return (
    <img
      src={saleImage(sale)}
      alt=""
      loading="lazy"
      decoding="async"
      className="h-14 w-10 shrink-0 rounded border border-slate-200 bg-slate-100 object-cover"
    />
  );
}

export function gradeText(sale: Pick<AdminSale, 'grader' | 'grade'>): string {
  if (sale.grader && sale.grade !== null) return `${sale.grader} ${sale.grade}`;
  return sale.grader ?? 'Ungraded';
}
