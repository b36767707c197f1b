import { type ReactNode, startTransition, useEffect, useRef, useState } from 'react';

interface WhenInViewProps {
  /** Shown until the place comes into view; it should have the height of what replaces it. */
  placeholder: ReactNode;
  children: ReactNode;
}

/**
 * Renders its children once their place on the page has been scrolled into view, and keeps them from then on:
 * for a heavy part that on a phone starts below the first screen, so that a page's first load does not wait
 * for it and a visitor who never scrolls there does not pay for it.
 */
export function WhenInView({ placeholder, children }: WhenInViewProps) {
  const [seen, setSeen] = useState(false);
  const place = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = place.current;
    if (seen || !element) return;
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      startTransition(() => setSeen(true));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [seen]);

  return seen ? children : <div ref={place}>{placeholder}</div>;
}
