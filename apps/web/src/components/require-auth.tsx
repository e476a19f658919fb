import { useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useCurrentUser } from '../api/session';

/** `/sign-in?next=/account`: slashes stay readable, everything else is encoded. */
export function signInPathFor(next: string): string {
  return `/sign-in?next=${encodeURIComponent(next).replace(/%2F/gi, '/')}`;
}

/**
 * Pages behind sign-in. A guest arriving here is sent to sign-in and brought back afterwards.
 * A person who signs out while here goes home: react-router applies navigations in a
 * transition, so the session update renders this page signed-out before the sign-out's own
 * `navigate('/')` lands; both must then agree on `/`.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const user = useCurrentUser();
  const location = useLocation();
  const [openedSignedIn] = useState(user !== null);
  if (!user) {
    return (
      <Navigate
        to={openedSignedIn ? '/' : signInPathFor(location.pathname + location.search)}
        replace
      />
    );
  }
  return children;
}
