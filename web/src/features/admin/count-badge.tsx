import { Badge, VisuallyHidden } from '@chakra-ui/react';

/** A count beside a tab or button (nothing at 0), with what it counts for screen readers. */
export function CountBadge({ count, palette = 'red', hidden }: { count: number | undefined; palette?: string; hidden: string }) {
  if (!count || count <= 0) return null;
  return (
    <Badge colorPalette={palette} variant="solid" borderRadius="full" size="sm">
      {count}
      <VisuallyHidden> {hidden}</VisuallyHidden>
    </Badge>
  );
}
