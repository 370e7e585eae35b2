/**
 * Sends the user to the field that can fix a failure ("Edit access token", "Check the object ID")
 * and keeps the connection's editor open while it is used. The fields live in the sidebar and the
 * failures are told in the result, so the request goes through this context
 * (FieldFocusProvider).
 */
import { createContext, useContext, useEffect, useRef } from 'react';
import type { FieldToFix } from '../api/apiError';

interface FieldFocus {
  requested: FieldToFix | null;
  /** Focuses `field`, opening the connection's editor first when the field is in it. */
  request: (field: FieldToFix) => void;
  done: () => void;
  connectionOpen: boolean;
  setConnectionOpen: (open: boolean) => void;
}

export const FieldFocusContext = createContext<FieldFocus | null>(null);

export function useFieldFocus(): FieldFocus {
  const focus = useContext(FieldFocusContext);
  if (!focus) throw new Error('useFieldFocus needs a FieldFocusProvider');
  return focus;
}

/** A ref for the input of `field`: it takes the focus when something asks for that field. */
export function useFocusWhenRequested<T extends HTMLElement>(field: FieldToFix) {
  const { requested, done } = useFieldFocus();
  const ref = useRef<T>(null);
  useEffect(() => {
    if (requested !== field || !ref.current) return;
    ref.current.focus();
    done();
  }, [requested, field, done]);
  return ref;
}
