import type { ReactNode } from 'react';
import { Link, type Location, useLocation } from 'react-router';

/** What a link to a profile carries, so the profile's Back to Search returns to this very page. */
export interface ProfileLinkState {
  from: Location;
}

function profilePath(userId: string): string {
  return `/profile/${encodeURIComponent(userId)}`;
}

/** A link to a collector's profile that remembers where the visitor came from (with its search). */
export function ProfileLink({
  userId,
  className,
  children,
}: {
  userId: string;
  className?: string;
  children: ReactNode;
}) {
  const location = useLocation();
  const state: ProfileLinkState = { from: location };
  return (
    <Link to={profilePath(userId)} state={state} className={className}>
      {children}
    </Link>
  );
}
