// The icon of a colour-mode choice, shared by the theme menu and its stand-in button.
import { LuMonitor, LuMoon, LuSun } from 'react-icons/lu';

export function ThemeIcon({ theme }: { theme: string }) {
  if (theme === 'light') return <LuSun />;
  if (theme === 'dark') return <LuMoon />;
  return <LuMonitor />;
}
