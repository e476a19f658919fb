import type { FormEvent } from 'react';
import { readFormValues } from './form-values';
import { useSubmit } from './use-submit';

/**
 * `useSubmit` for a form whose action takes its named text fields: `onSubmit` keeps the browser
 * from submitting it and hands the fields' values to the action.
 */
export function useFormSubmit<const K extends string>(
  fields: readonly K[],
  action: (values: Record<K, string>) => Promise<void>,
) {
  const { submit, ...state } = useSubmit(action);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void submit(readFormValues(event.currentTarget, fields));
  };
  return { ...state, submit, onSubmit };
}
