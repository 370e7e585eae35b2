import { useCallback, useMemo, useState, type ReactNode } from 'react';
import type { FieldToFix } from '../api/apiError';
import { FieldFocusContext } from './fieldFocus';

const CONNECTION_FIELDS: readonly FieldToFix[] = ['Server URL', 'Access token'];

export function FieldFocusProvider({ children }: { children: ReactNode }) {
  const [requested, setRequested] = useState<FieldToFix | null>(null);
  const [connectionOpen, setConnectionOpen] = useState(false);
  const request = useCallback((field: FieldToFix) => {
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
