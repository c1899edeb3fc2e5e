// The header's theme switch: the menu itself (theme-menu.tsx) loads in its own chunk; until it
// has, the same button stands in its place, inert, so the header does not move when it arrives.
import { IconButton } from '@chakra-ui/react';
import { lazy, Suspense } from 'react';
import { ErrorBoundary } from '../components/error-boundary';
import { useThemeChoice } from './color-mode';
import { ThemeIcon } from './theme-icon';

const ThemeMenu = lazy(() => import('./theme-menu'));

function ThemeButtonStandIn() {
  const { theme } = useThemeChoice();
  return (
    <IconButton aria-label="Theme" variant="ghost" size="sm" disabled _disabled={{ opacity: 1, cursor: 'default' }}>
      <ThemeIcon theme={theme} />
    </IconButton>
  );
}

/** A 'Theme' menu with Light, Dark and System. */
export function ThemeSwitch() {
  return (
    <ErrorBoundary fallback={() => <ThemeButtonStandIn />}>
      <Suspense fallback={<ThemeButtonStandIn />}>
        <ThemeMenu />
      </Suspense>
    </ErrorBoundary>
  );
}
