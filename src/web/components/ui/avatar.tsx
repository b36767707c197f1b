interface AvatarProps {
  name: string;
  imageUrl: string | null;
  /** Tailwind size and text classes, e.g. "size-9 text-sm". */
  className?: string;
  /** Text for the picture when it is not just decoration next to the name. */
  alt?: string;
}

/** A round profile picture, or the first letter of the name on a coloured disc when there is none. */
export function Avatar({ name, imageUrl, className = 'size-9 text-sm', alt = '' }: AvatarProps) {
  if (imageUrl) {
    return <img src={imageUrl} alt={alt} className={`${className} shrink-0 rounded-full object-cover`} />;
  }
  return (
    <span
      {...(alt ? { role: 'img', 'aria-label': alt } : { 'aria-hidden': true })}
      className={`${className} flex shrink-0 items-center justify-center rounded-full bg-brand-600 font-semibold text-white`}
    >
      {(name.trim().charAt(0) || '?').toUpperCase()}
    </span>
  );
}
