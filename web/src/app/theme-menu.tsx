// The header's 'Theme' menu (Light, Dark, System), loaded when the visitor reaches for its button:
// its menu and positioning code are not part of any page's first JavaScript (theme-switch.tsx shows
// the button meanwhile, and mounts this one open when it was pressed).
import { IconButton, Menu, Portal } from '@chakra-ui/react';
import { useThemeChoice, type ColorModeChoice } from './color-mode';
import { ThemeIcon } from './theme-icon';

const CHOICES: { value: ColorModeChoice; label: string }[] = [
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
  { value: 'system', label: 'System' },
];

/** A 'Theme' menu with Light, Dark and System. */
export default function ThemeMenu({ defaultOpen = false }: { defaultOpen?: boolean }) {
  const { theme, setTheme } = useThemeChoice();
  return (
    <Menu.Root defaultOpen={defaultOpen}>
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
