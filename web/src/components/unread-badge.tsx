import { Badge, VisuallyHidden } from '@chakra-ui/react';

/** '99+' above 99; nothing at 0. */
export function formatUnreadCount(count: number): string {
  return count > 99 ? '99+' : String(count);
}

export function UnreadBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  const text = formatUnreadCount(count);
  return (
    // The count is visible text and ' unread' is read out after it: the name of a link or button
    // holding the badge then contains what is seen (WCAG 2.5.3), which an aria-label would hide.
    <Badge colorPalette="red" variant="solid" borderRadius="full" size="sm">
      {text}
      <VisuallyHidden> unread</VisuallyHidden>
    </Badge>
  );
}
