import { createContext } from 'react';

/**
 * How the page of a link offers to ask GraphQL without the token: a token without `streams:read`
 * is refused there even on a public project, which opens without one. Null where nothing offers it.
 */
export const OpenWithoutTokenContext = createContext<(() => void) | null>(null);
