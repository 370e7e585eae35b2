/**
 * The load ceilings the user chose (objects/load/loadCeilings.ts), kept in localStorage for this
 * device. Read from storage every time, with the parsed value kept while the text is the same, so
 * that every tab and every view sees what was last saved; anything unreadable reads as the
 * default.
 */
import {
  CEILING_RANGES,
  DEFAULT_CEILINGS,
  isCeilingValue,
  type CeilingName,
  type LoadCeilings,
} from './loadCeilings';
import { isRecord } from '../../bytes/jsonValues';

const CEILINGS_KEY = 'speckle-explorer.load-ceilings';
const NAMES = Object.keys(CEILING_RANGES) as CeilingName[];

const listeners = new Set<() => void>();
let lastRead: { text: string | null; ceilings: LoadCeilings } = {
  text: null,
  ceilings: DEFAULT_CEILINGS,
};

export function readCeilings(): LoadCeilings {
  const text = storage()?.getItem(CEILINGS_KEY) ?? null;
  if (text !== lastRead.text) lastRead = { text, ceilings: parseCeilings(text) };
  return lastRead.ceilings;
}

export function saveCeilings(ceilings: LoadCeilings): void {
  storage()?.setItem(CEILINGS_KEY, JSON.stringify(ceilings));
  for (const listener of listeners) listener();
}

/** For useSyncExternalStore: this tab's saves, and other tabs' through the storage event. */
export function subscribeToCeilings(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

function parseCeilings(text: string | null): LoadCeilings {
  if (text === null) return DEFAULT_CEILINGS;
  let saved: unknown;
  try {
    saved = JSON.parse(text);
  } catch {
    return DEFAULT_CEILINGS;
  }
  if (!isRecord(saved)) return DEFAULT_CEILINGS;
  const ceilings = { ...DEFAULT_CEILINGS };
  for (const name of NAMES) {
    const value = saved[name];
    if (typeof value === 'number' && isCeilingValue(name, value)) ceilings[name] = value;
  }
  return ceilings;
}

/** Storage can be missing (node) or refused (a browser's privacy setting): the defaults hold then. */
function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}
