import { useEffect, useRef } from 'react';

/**
 * A ref that holds what this render was given, for callbacks that must stay the same functions
 * (handed to memoised views) and still call the latest props.
 */
export function useLatest<Value>(value: Value): { readonly current: Value } {
  const latest = useRef(value);
  useEffect(() => {
    latest.current = value;
  });
  return latest;
}
