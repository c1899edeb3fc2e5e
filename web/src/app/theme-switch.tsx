import { IconButton, Menu, Portal } from '@chakra-ui/react';
import { useTheme } from 'next-themes';
import { LuMonitor, LuMoon, LuSun } from 'react-icons/lu';
import type { ColorModeChoice } from './color-mode';

const CHOICES: { value: ColorModeChoice; label: string }[] = [
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
  { value: 'system', label: 'System' },
];

function ThemeIcon({ theme }: { theme: string }) {
  if (theme === 'light') return <LuSun />;
  if (theme === 'dark') return <LuMoon />;
  return <LuMonitor />;
}

/** A 'Theme' menu with Light, Dark and System. */
export function ThemeSwitch() {
  const { theme = 'system', setTheme } = useTheme();
  return (
    <Menu.Root>
      <Menu.Trigger asChild>
        <IconButton aria-label="Theme" variant="ghost" size="sm">
          <ThemeIcon theme={theme} />
        </IconButton>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="40">
            <Menu.RadioItemGroup value={theme} onValueChange={(details) => setTheme(details.value)}>
              {CHOICES.map((choice) => (
                <Menu.RadioItem key={choice.value} value={choice.value}>
                  <ThemeIcon theme={choice.value} />
                  {choice.label}
                  <Menu.ItemIndicator />
                </Menu.RadioItem>
              ))}
            </Menu.RadioItemGroup>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
