import { Camera, Loader2 } from 'lucide-react';
import { type ChangeEvent, useRef } from 'react';
import type { ProfileImageKind } from '#shared/schemas/users.ts';
import { MAX_UPLOAD_MEGABYTES } from '#shared/schemas/users.ts';
import { useUploadProfileImage } from '#web/features/profiles/api/profile.ts';

interface ImageUploadButtonProps {
  kind: ProfileImageKind;
  label: string;
  onError: (message: string | null) => void;
  className?: string;
}

const TOO_LARGE = `That image is larger than ${MAX_UPLOAD_MEGABYTES} MB. Please choose a smaller one.`;

/** A button that picks an image file and uploads it at once; too-large files are refused before sending. */
export function ImageUploadButton({ kind, label, onError, className = '' }: ImageUploadButtonProps) {
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadProfileImage(kind);

  function chosen(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.size > MAX_UPLOAD_MEGABYTES * 1024 * 1024) {
      onError(TOO_LARGE);
      return;
    }
    onError(null);
    upload.mutate(file, { onError: (error) => onError(error.message) });
  }

  return (
    <>
      <input ref={input} type="file" accept="image/*" hidden onChange={chosen} />
      <button
        type="button"
        onClick={() => input.current?.click()}
        disabled={upload.isPending}
        className={`inline-flex items-center gap-1.5 rounded-full bg-white/90 px-3 py-1.5 text-xs font-semibold text-slate-800 shadow ring-1 ring-slate-200 hover:bg-white disabled:opacity-70 ${className}`}
      >
        {upload.isPending ? (
          <Loader2 className="size-3.5 animate-spin" aria-hidden />
        ) : (
          <Camera className="size-3.5" aria-hidden />
        )}
        {upload.isPending ? 'Uploading…' : label}
      </button>
    </>
  );
}
