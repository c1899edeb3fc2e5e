import { HStack, Icon, Link, VisuallyHidden } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** A link that opens in a new tab (and says so to screen readers). */
export function ExternalLink({ href, icon, children }: { href: string; icon: ReactNode; children: ReactNode }) {
  return (
    <Link href={href} target="_blank" rel="noopener noreferrer" colorPalette="teal" color="colorPalette.fg" textStyle="sm">
      <HStack as="span" gap="1.5">
        <Icon size="sm" flexShrink="0">
          {icon}
        </Icon>
        {children}
        <VisuallyHidden>(opens in a new tab)</VisuallyHidden>
      </HStack>
    </Link>
  );
}
