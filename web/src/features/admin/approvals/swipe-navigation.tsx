// Swiping through applications on a phone (spec sections 2 and 9): a horizontal swipe of 50 px
// or more that drifts less than 100 px vertically; left is the next application, right the
// previous. A hint shows from 1 s to 3 s after the view opens.
import { Box, HStack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState, type ReactNode, type TouchEvent } from 'react';
import { LuArrowLeftRight } from 'react-icons/lu';
import { SWIPE_HINT_HIDE_MS, SWIPE_HINT_SHOW_MS, SWIPE_MAX_Y, SWIPE_MIN_X } from '../admin-texts';

interface SwipeNavigationProps {
  /** Off on wider screens: no swiping, no hint. */
  enabled: boolean;
  onSwipeLeft?: () => void;
  onSwipeRight?: () => void;
  children: ReactNode;
}

export function swipeDirection(dx: number, dy: number): 'left' | 'right' | null {
  if (Math.abs(dx) < SWIPE_MIN_X || Math.abs(dy) >= SWIPE_MAX_Y) return null;
  return dx < 0 ? 'left' : 'right';
}

export function SwipeNavigation({ enabled, onSwipeLeft, onSwipeRight, children }: SwipeNavigationProps) {
  const start = useRef<{ x: number; y: number } | null>(null);
  const [hint, setHint] = useState(false);
  const active = enabled && (!!onSwipeLeft || !!onSwipeRight);

  useEffect(() => {
    if (!active) return;
    const show = window.setTimeout(() => setHint(true), SWIPE_HINT_SHOW_MS);
    const hide = window.setTimeout(() => setHint(false), SWIPE_HINT_HIDE_MS);
    return () => {
      window.clearTimeout(show);
      window.clearTimeout(hide);
      setHint(false);
    };
  }, [active]);

  const onTouchStart = (event: TouchEvent) => {
    const touch = event.touches[0];
    start.current = touch ? { x: touch.clientX, y: touch.clientY } : null;
  };
  const onTouchEnd = (event: TouchEvent) => {
    const from = start.current;
    const touch = event.changedTouches[0];
    start.current = null;
    if (!active || !from || !touch) return;
    const direction = swipeDirection(touch.clientX - from.x, touch.clientY - from.y);
    if (direction === 'left') onSwipeLeft?.();
    if (direction === 'right') onSwipeRight?.();
  };

  return (
    <Box position="relative" onTouchStart={active ? onTouchStart : undefined} onTouchEnd={active ? onTouchEnd : undefined}>
      {children}
      {hint && (
        <HStack
          role="status"
          position="fixed"
          bottom="6"
          left="50%"
          transform="translateX(-50%)"
          zIndex="overlay"
          bg="gray.900"
          color="white"
          px="4"
          py="2"
          borderRadius="full"
          boxShadow="lg"
          gap="2"
          pointerEvents="none"
        >
          <LuArrowLeftRight aria-hidden="true" />
          <Text fontSize="sm">Swipe to navigate</Text>
        </HStack>
      )}
    </Box>
  );
}
