/**
 * Where the user left an object's view, per history entry, so that Back and Forward return to the
 * row and the scroll position they left rather than to the top. Kept in memory for the page's life:
 * a reload starts the views afresh.
 */
import type { VirtualItem } from '@tanstack/react-virtual';
import type { SavedTree } from './useObjectTree';

interface ViewSettings {
  fullStrings: boolean;
  hideInternal: boolean;
  recomposed: boolean;
}

const DEFAULT_SETTINGS: ViewSettings = {
  fullStrings: false,
  hideInternal: false,
  recomposed: false,
};

interface TreeScroll {
  top: number;
  /** The rows' measured places, so that the box can scroll back as far as it was. */
  rows: VirtualItem[];
}

export interface TreeScrollMemory {
  readonly scroll: TreeScroll;
  saveScroll(scroll: TreeScroll): void;
}

class ViewMemory implements TreeScrollMemory {
  settings: ViewSettings = DEFAULT_SETTINGS;
  tree: SavedTree | null = null;
  scroll: TreeScroll = { top: 0, rows: [] };

  save(settings: ViewSettings, tree: SavedTree): void {
    this.settings = settings;
    this.tree = tree;
  }

  saveScroll(scroll: TreeScroll): void {
    this.scroll = scroll;
  }
}

// Enough for every step of a long exploration; a saved tree holds its node numbers only.
const MAX_ENTRIES = 100;

/**
 * The memories of one app's session. Kept per query client, which lives as long as the app does,
 * as objects.ts keeps the bases that answered: the router numbers entries afresh in each app (its
 * first is always "default"), so one app (or test) must not find another's.
 */
const memoriesBySession = new WeakMap<object, Map<string, ViewMemory>>();

/** The memory of object `objectId`'s view in history entry `entryKey`, made when first asked. */
export function viewMemory(session: object, entryKey: string, objectId: string): ViewMemory {
  let memories = memoriesBySession.get(session);
  if (!memories) memoriesBySession.set(session, (memories = new Map()));
  const key = `${entryKey} ${objectId}`;
  const memory = memories.get(key) ?? new ViewMemory();
  // Most recently used last: the first is the one to forget.
  memories.delete(key);
  memories.set(key, memory);
  if (memories.size > MAX_ENTRIES) memories.delete(memories.keys().next().value!);
  return memory;
}
