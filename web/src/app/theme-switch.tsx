// The header's theme switch. Its menu (theme-menu.tsx: the menu and its positioning code, ~25 KB
// gzipped) loads when the visitor reaches for it (pointer over, focus) and opens once it has, so
// no page downloads it before it is wanted; until then the same button stands in its place.
import { IconButton } from '@chakra-ui/react';
import { lazy, Suspense, useState } from 'react';
import { ErrorBoundary } from '../components/error-boundary';
import { useThemeChoice } from './color-mode';
import { ThemeIcon } from './theme-icon';

const loadThemeMenu = () => import('./theme-menu');
const ThemeMenu = lazy(loadThemeMenu);

/** The menu's button before the menu has loaded: pressing it loads the menu open. */
function ThemeButtonStandIn({ onOpen, busy = false }: { onOpen?: () => void; busy?: boolean }) {
  const { theme } = useThemeChoice();
  const prefetch = () => void loadThemeMenu().catch(() => undefined);
  return (
    <IconButton
      aria-label="Theme"
      aria-haspopup="menu"
      aria-expanded={false}
      aria-busy={busy || undefined}
      variant="ghost"
      size="sm"
      onPointerEnter={prefetch}
      onFocus={prefetch}
      onClick={onOpen}
    >
      <ThemeIcon theme={theme} />
    </IconButton>
  );
}

/** A 'Theme' menu with Light, Dark and System. */
export function ThemeSwitch() {
  const [wanted, setWanted] = useState(false);
  if (!wanted) return <ThemeButtonStandIn onOpen={() => setWanted(true)} />;
  return (
    // Not loaded (offline): the button stays, without its menu, as before it was pressed.
    <ErrorBoundary fallback={() => <ThemeButtonStandIn />}>
      <Suspense fallback={<ThemeButtonStandIn busy />}>
        <ThemeMenu defaultOpen />
      </Suspense>
    </ErrorBoundary>
  );
}
