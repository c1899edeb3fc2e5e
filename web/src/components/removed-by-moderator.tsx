// What the owner of an item a moderator removed sees (issue 13 contract, section 3): the item is
// hidden from everyone else until a moderator restores it.
import { Alert, Badge } from '@chakra-ui/react';
import { LuShieldAlert } from 'react-icons/lu';

export const REMOVED_TEXTS = {
  badge: 'Removed by a moderator',
  club: 'Your club has been hidden by a moderator. It does not appear in the directory until a moderator restores it.',
  profile: 'Your profile has been hidden by a moderator.',
  profileMore: 'Clubs cannot find it or see it with your applications until a moderator restores it.',
  liveLocked: 'A moderator removed this position: it cannot be shown publicly until a moderator restores it.',
} as const;

/** 'Removed by a moderator', beside an item's title. */
export function RemovedBadge() {
  return (
    <Badge colorPalette="red" variant="solid">
      <LuShieldAlert aria-hidden="true" />
      {REMOVED_TEXTS.badge}
    </Badge>
  );
}

/** A banner at the top of the owner's page of a removed club or profile. */
export function RemovedNotice({ title, description }: { title: string; description?: string }) {
  return (
    <Alert.Root status="warning">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{title}</Alert.Title>
        {description && <Alert.Description>{description}</Alert.Description>}
      </Alert.Content>
    </Alert.Root>
  );
}
