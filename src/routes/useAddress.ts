import { useMemo } from 'react';
import { useLocation } from 'react-router';
import { readAddress, type Address } from './address';

/** Where the app is: the one reading of the location, the same value until it changes. */
export function useAddress(): Address {
  const { pathname, search } = useLocation();
  return useMemo(() => readAddress(pathname, search), [pathname, search]);
}
