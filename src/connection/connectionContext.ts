import { createContext } from 'react';
import type { ConnectionStore } from './connectionStore';

export const ConnectionStoreContext = createContext<ConnectionStore | null>(null);
