import { useId } from 'react';

const TILES_PER_SIDE = 40;
const TILE = 40;
const SIZE = TILES_PER_SIDE * TILE;

/**
 * docs/product.md §9's decorative background of 1600 stamps: one SVG pattern repeated 40 × 40 times, so the page
 * gets the look without 1600 elements. It fills its positioned parent and is hidden from assistive technology.
 */
export function StampBackground({ className = 'text-gold/15' }: { className?: string }) {
  const id = useId();
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      viewBox={`0 0 ${SIZE} ${SIZE}`}
      preserveAspectRatio="xMidYMid slice"
      className={`pointer-events-none absolute inset-0 h-full w-full ${className}`}
    >
      <defs>
        <pattern id={id} width={TILE} height={TILE} patternUnits="userSpaceOnUse">
          <rect
            x="4"
            y="4"
            width="32"
            height="32"
            rx="2"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.5"
            strokeDasharray="2 2"
          />
          <circle cx="20" cy="20" r="8" fill="none" stroke="currentColor" strokeWidth="1.5" />
          <path d="M12 20h16" stroke="currentColor" strokeWidth="1.5" />
          <circle cx="20" cy="20" r="2.5" fill="currentColor" />
        </pattern>
      </defs>
      <rect width={SIZE} height={SIZE} fill={`url(#${id})`} />
    </svg>
  );
}
