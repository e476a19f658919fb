import { useCallback, useRef, useState } from 'react';
import { ApiError } from '../api/client';

export type TSubmitState = {
  isPending: boolean;
  /** The top-of-form message: the server's, or empty when a fallback should be shown. */
  error: ApiError | null;
  fieldErrors: Record<string, string[]>;
};

/** Wraps a request for a form: one submission at a time, errors kept for display. */
export function useSubmit<A extends unknown[]>(action: (...args: A) => Promise<void>) {
  const [state, setState] = useState<TSubmitState>({
    isPending: false,
    error: null,
    fieldErrors: {},
  });
  const pending = useRef(false);

  const submit = useCallback(
    async (...args: A) => {
      if (pending.current) return;
      pending.current = true;
      setState({ isPending: true, error: null, fieldErrors: {} });
      try {
        await action(...args);
        setState({ isPending: false, error: null, fieldErrors: {} });
      } catch (error) {
        const apiError = error instanceof ApiError ? error : new ApiError(0, 'unexpected', '');
        setState({ isPending: false, error: apiError, fieldErrors: apiError.fieldErrors });
      } finally {
        pending.current = false;
      }
    },
    [action],
  );

  return { ...state, submit };
}
