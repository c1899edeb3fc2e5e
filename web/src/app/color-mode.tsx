import { ThemeProvider } from 'next-themes';
import type { ReactNode } from 'react';
import { STORAGE_KEYS } from '../lib/constants';

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
