import { Button, HStack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { NavLink } from 'react-router-dom';
import type { NavLinkItem } from './nav-links';

interface NavItemProps {
  link: NavLinkItem;
  badge?: ReactNode;
  onNavigate?: () => void;
  fullWidth?: boolean;
}

/** A navigation link; NavLink marks the active one with aria-current="page". */
export function NavItem({ link, badge, onNavigate, fullWidth }: NavItemProps) {
  return (
    <Button
      asChild
      variant="ghost"
      size="sm"
      justifyContent={fullWidth ? 'flex-start' : 'center'}
      width={fullWidth ? 'full' : undefined}
      _currentPage={{ bg: 'colorPalette.subtle', color: 'colorPalette.fg', fontWeight: 'semibold' }}
    >
      <NavLink to={link.to} end={link.end} onClick={onNavigate}>
        <HStack gap="2">
          {link.label}
          {badge}
        </HStack>
      </NavLink>
    </Button>
  );
}
