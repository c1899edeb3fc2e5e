import { ThemeProvider, useTheme } from 'next-themes';
import type { ReactNode } from 'react';
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
      disableTransitionOnChange
      // The theme script only helps server-rendered pages; marked as data it stays inert here.
      scriptProps={{ type: 'application/json' }}
    >
      {children}
    </ThemeProvider>
  );
}

/** The member's choice and its setter. 'system' on the server and while a server-rendered page
 *  hydrates (the choice is in this browser's storage), the stored choice from the next render. */
export function useThemeChoice(): { theme: string; setTheme: (theme: string) => void } {
  const { theme, setTheme } = useTheme();
  const hydrated = useHydrated();
  return { theme: hydrated ? (theme ?? 'system') : 'system', setTheme };
}
