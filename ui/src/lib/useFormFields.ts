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

/**
 * A form's submit handler: pending while the call is out, then the failure's
 * message. A form that leaves the page on success stays pending (no second
 * click meanwhile); one that `staysOnScreen` is ready again.
 */
function useFormAction(action: () => Promise<void>, describeError: (message: string) => string, staysOnScreen: boolean) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState('');
  const onSubmit = async (event: Event) => {
    event.preventDefault();
    if (pending) return;
    setPending(true);
    setError('');
    try {
      await action();
      if (staysOnScreen) setPending(false);
    } catch (failure) {
      setError(describeError(failure instanceof Error ? failure.message : String(failure)));
      setPending(false);
    }
  };
  return { pending, error, onSubmit };
}

/** A submit handler for a form whose success leaves the page. */
export function useSubmit(action: () => Promise<void>, describeError: (message: string) => string = (m) => m) {
  return useFormAction(action, describeError, false);
}

/** A submit handler for a form that stays on screen, showing the success line `action` answers. */
export function useSave(action: () => Promise<string>) {
  const [saved, setSaved] = useState('');
  const submit = useFormAction(
    async () => {
      setSaved('');
      setSaved(await action());
    },
    (message) => message,
    true,
  );
  return { ...submit, saved };
}
