import { ThemeProvider, useTheme } from 'next-themes';
import { useCallback, type ReactNode } from 'react';
import { STORAGE_KEYS } from '../lib/constants';
import { useHydrated } from '../lib/use-hydrated';

export type ColorModeChoice = 'light' | 'dark' | 'system';

/** Light, dark or system (the default); the choice is remembered in localStorage. */
export function ColorModeProvider({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider
      attribute="class"
      defaultTheme="system"
      enableSystem
      storageKey={STORAGE_KEYS.theme}
      // The theme script only helps server-rendered pages; marked as data it stays inert here.
      scriptProps={{ type: 'application/json' }}
    >
      {children}
    </ThemeProvider>
  );
}

/** Runs `change` with every transition off until the next frames have painted: the page turns
 *  to its new colours at once, instead of each coloured element fading at its own pace.
 *  (next-themes' own option, disableTransitionOnChange, did it on every start of every page too,
 *  twice: a style sheet added, the whole page's style computed at once, the sheet removed; ~0.1–
 *  0.2 s of a cheap phone's start-up each time.) */
function withoutTransitions(change: () => void): void {
  const style = document.createElement('style');
  style.setAttribute(NO_TRANSITIONS_ATTRIBUTE, '');
  style.textContent = '*,*::before,*::after{transition:none!important}';
  document.head.append(style);
  change();
  // next-themes sets the class in an effect of the render this change causes: two frames later it
  // has been painted with it.
  requestAnimationFrame(() => requestAnimationFrame(() => style.remove()));
}

/** Marks withoutTransitions' style sheet (tests/e2e/shell.spec.ts looks for it). */
export const NO_TRANSITIONS_ATTRIBUTE = 'data-no-transitions';

// The system's scheme changing (followed while the choice is 'system'): this listener, added as
// the app starts, runs before next-themes' (added when its provider mounts), which sets the class
// at once.
if (typeof window !== 'undefined' && typeof window.matchMedia === 'function') {
  window.matchMedia('(prefers-color-scheme: dark)').addEventListener('change', () => withoutTransitions(() => {}));
}

/** The member's choice and its setter. 'system' on the server and while a server-rendered page
 *  hydrates (the choice is in this browser's storage), the stored choice from the next render. */
export function useThemeChoice(): { theme: string; setTheme: (theme: string) => void } {
  const { theme, setTheme } = useTheme();
  const hydrated = useHydrated();
  const choose = useCallback((choice: string) => withoutTransitions(() => setTheme(choice)), [setTheme]);
  return { theme: hydrated ? (theme ?? 'system') : 'system', setTheme: choose };
}
