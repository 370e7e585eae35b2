import { useId, useState } from 'react';
import { applyThemeChoice, readThemeChoice, saveThemeChoice, type ThemeChoice } from './theme';

export function ThemeSwitch() {
  const id = useId();
  const [choice, setChoice] = useState<ThemeChoice>(() => readThemeChoice(localStorage));

  function choose(next: ThemeChoice) {
    setChoice(next);
    applyThemeChoice(next, document.documentElement);
    saveThemeChoice(next, localStorage);
  }

  return (
    <div className="theme-switch">
      <label htmlFor={id}>Theme</label>
      <select
        id={id}
        value={choice}
        onChange={(event) => choose(event.target.value as ThemeChoice)}
      >
        <option value="system">System</option>
        <option value="light">Light</option>
        <option value="dark">Dark</option>
      </select>
    </div>
  );
}
