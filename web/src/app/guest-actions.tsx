import { Button, Stack } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';

interface GuestActionsProps {
  direction: 'row' | 'column';
  onNavigate?: () => void;
}

/** 'Sign In' and 'Register Club' for signed-out visitors. */
export function GuestActions({ direction, onNavigate }: GuestActionsProps) {
  return (
    <Stack direction={direction} gap="2">
      <Button asChild variant="outline" colorPalette="teal" size="sm">
        <RouterLink to="/login" onClick={onNavigate}>
          Sign In
        </RouterLink>
      </Button>
      <Button asChild colorPalette="teal" size="sm">
        <RouterLink to="/register" onClick={onNavigate}>
          Register Club
        </RouterLink>
      </Button>
    </Stack>
  );
}
