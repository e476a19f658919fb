import { useState, type MouseEvent, type ReactNode } from 'react';
import { submitWithMethod, type TLinkMethod } from '../api/method-request';

type TProps = {
  href: string;
  method: TLinkMethod;
  children: ReactNode;
  className?: string;
  /** Runs after the server answered (refetch, navigate…). */
  onDone?: (answer: unknown) => void | Promise<void>;
  onError?: (error: unknown) => void;
};

/** A link that performs a state-changing request instead of navigating (spec section 7). */
export function MethodLink({ href, method, children, className, onDone, onError }: TProps) {
  const [isBusy, setBusy] = useState(false);

  async function onClick(event: MouseEvent<HTMLAnchorElement>) {
    // Let modified clicks (new tab…) do nothing special; a GET of the address changes nothing.
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    if (isBusy) return;
    setBusy(true);
    try {
      const answer = await submitWithMethod(href, method);
      await onDone?.(answer);
    } catch (error) {
      onError?.(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <a
      href={href}
      data-method={method}
      rel="nofollow"
      className={className}
      aria-disabled={isBusy || undefined}
      onClick={(event) => void onClick(event)}
    >
      {children}
    </a>
  );
}
