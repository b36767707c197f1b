import { Star } from 'lucide-react';
import { averageText } from '#web/lib/reputation-text.ts';

interface StarsProps {
  value: number;
  className?: string;
  /** What a screen reader hears ("4.3 out of 5 stars" unless given); null when the text beside says it. */
  label?: string | null;
}

/** Five stars, as many filled as the value rounds to. */
export function Stars({ value, className = 'size-4', label = averageText(value) }: StarsProps) {
  const filled = Math.round(value);
  const stars = [1, 2, 3, 4, 5].map((star) => (
    <Star
      key={star}
      aria-hidden
      className={`${className} ${star <= filled ? 'fill-gold text-amber-500' : 'text-slate-400'}`}
    />
  ));
  const box = 'inline-flex shrink-0 items-center gap-0.5';
  return label === null ? (
    <span aria-hidden className={box}>
      {stars}
    </span>
  ) : (
    <span role="img" aria-label={label} className={box}>
      {stars}
    </span>
  );
}
