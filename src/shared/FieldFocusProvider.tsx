import { useCallback, useMemo, useState, type ReactNode } from 'react';
import type { DoubtedField } from '../api/apiError';
import { FieldFocusContext } from './fieldFocus';

const CONNECTION_FIELDS: readonly DoubtedField[] = ['Server URL', 'Access token'];

export function FieldFocusProvider({ children }: { children: ReactNode }) {
  const [requested, setRequested] = useState<DoubtedField | null>(null);
  const [connectionOpen, setConnectionOpen] = useState(false);
  const request = useCallback((field: DoubtedField) => {
    if (CONNECTION_FIELDS.includes(field)) setConnectionOpen(true);
    setRequested(field);
  }, []);
  const done = useCallback(() => setRequested(null), []);
  const value = useMemo(
    () => ({ requested, request, done, connectionOpen, setConnectionOpen }),
    [requested, request, done, connectionOpen],
  );
  return <FieldFocusContext value={value}>{children}</FieldFocusContext>;
}
