import { useRef, useState } from 'react';
import { Sheet } from '#web/components/ui/sheet.tsx';

interface ImageViewerProps {
  src: string;
  /** What the picture shows, e.g. "Charizard, sold Nov 3, 2025"; names the button and the dialog. */
  title: string;
  alt: string;
  thumbnailClassName?: string;
}

/** A thumbnail button that opens the full-size image in a dialog; focus returns to the thumbnail on close. */
export function ImageViewer({ src, title, alt, thumbnailClassName = 'h-14 w-10' }: ImageViewerProps) {
  const [open, setOpen] = useState(false);
  const thumbnail = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        ref={thumbnail}
        type="button"
        aria-label={`View full-size image: ${title}`}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
        className="block shrink-0 overflow-hidden rounded-md border border-slate-200 bg-slate-100 hover:border-brand-500"
      >
        <img
          src={src}
          alt=""
          loading="lazy"
          decoding="async"
          className={`${thumbnailClassName} object-cover`}
        />
      </button>
      {/* Every row of a sales page has a viewer: its dialog is built only while open, which keeps a page of
          rows quick to draw on a phone. */}
      {open ? (
        <Sheet open onOpenChange={setOpen} title={title} returnFocusTo={thumbnail}>
          <img
            src={src}
            alt={alt}
            className="mx-auto max-h-[75vh] w-auto max-w-full rounded-lg object-contain"
          />
        </Sheet>
      ) : null}
    </>
  );
}
