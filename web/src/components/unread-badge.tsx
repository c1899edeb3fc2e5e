import { Badge } from '@chakra-ui/react';

/** '99+' above 99; nothing at 0. */
export function formatUnreadCount(count: number): string {
  return count > 99 ? '99+' : String(count);
}

export function UnreadBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  const text = formatUnreadCount(count);
  return (
    <Badge colorPalette="red" variant="solid" borderRadius="full" size="sm" aria-label={`${text} unread`}>
      {text}
    </Badge>
  );
}
