import { useState } from 'react';

/** Copies text and says how it went, for a status line next to the control that copied. */
export function useClipboard() {
  const [message, setMessage] = useState<string | null>(null);

  function copy(what: string, text: string) {
    navigator.clipboard.writeText(text).then(
      () => setMessage(`${what} copied.`),
      () => setMessage(`The browser did not allow copying the ${what.toLowerCase()}.`),
    );
  }

  /** Says why nothing was copied. */
  function refuse(reason: string) {
    setMessage(reason);
  }

  return { copy, refuse, message };
}
