/** The colour theme the user chose; "system" follows the operating system's setting. */
export type ThemeChoice = 'system' | 'light' | 'dark';

const THEME_KEY = 'speckle-explorer.theme.v1';

export function readThemeChoice(storage: Storage): ThemeChoice {
  try {
    const saved = storage.getItem(THEME_KEY);
    return saved === 'light' || saved === 'dark' ? saved : 'system';
  } catch {
    return 'system';
  }
}

export function applyThemeChoice(choice: ThemeChoice, root: HTMLElement): void {
  if (choice === 'system') delete root.dataset.theme;
  else root.dataset.theme = choice;
}

export function saveThemeChoice(choice: ThemeChoice, storage: Storage): void {
  try {
    storage.setItem(THEME_KEY, choice);
  } catch {
    // Without storage the choice lasts for this page only.
  }
}
