import { useState } from 'react';

/** A form's text fields as one state object, with an input handler per field. */
export function useFormFields<T extends Record<string, string>>(initial: T) {
  const [fields, setFields] = useState(initial);
  const bind = (name: keyof T & string) => ({
    name,
    value: fields[name],
    onInput: (event: Event) => {
      const value = (event.currentTarget as HTMLInputElement).value;
      setFields((current) => ({ ...current, [name]: value }));
    },
  });
  return { fields, bind };
}

/** A submit handler that tracks its pending state and shows a failure's message. */
export function useSubmit(action: () => Promise<void>, describeError: (message: string) => string = (m) => m) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState('');
  const onSubmit = async (event: Event) => {
    event.preventDefault();
    if (pending) return;
    setPending(true);
    setError('');
    try {
      await action();
    } catch (failure) {
      setError(describeError(failure instanceof Error ? failure.message : String(failure)));
      setPending(false);
    }
  };
  return { pending, error, onSubmit };
}

/**
 * A submit handler for a form that stays on screen: pending while the call is
 * out, then the failure's message or the success line `action` answers.
 */
export function useSave(action: () => Promise<string>) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState('');
  const [saved, setSaved] = useState('');
  const onSubmit = async (event: Event) => {
    event.preventDefault();
    if (pending) return;
    setPending(true);
    setError('');
    setSaved('');
    try {
      setSaved(await action());
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setPending(false);
    }
  };
  return { pending, error, saved, onSubmit };
}
