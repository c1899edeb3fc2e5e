import { Avatar, Box, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { LuArrowLeft } from 'react-icons/lu';

interface ConversationHeaderProps {
  title: string;
  subtitle?: ReactNode;
  /** Avatar initials come from this name; no avatar without it. */
  avatarName?: string;
  onBack?: () => void;
  /** At the right end: the conversation's actions menu. */
  actions?: ReactNode;
}

/** The top bar of the conversation panel, with the back action on small screens and the
 *  conversation's actions. */
export function ConversationHeader({ title, subtitle, avatarName, onBack, actions }: ConversationHeaderProps) {
  return (
    <HStack gap="3" px={{ base: '3', md: '4' }} py="3" borderBottomWidth="1px" minH="16">
      {onBack && (
        <IconButton aria-label="Back to conversations" variant="ghost" size="sm" onClick={onBack}>
          <LuArrowLeft />
        </IconButton>
      )}
      {avatarName && (
        <Avatar.Root size="sm" colorPalette="teal">
          <Avatar.Fallback name={avatarName} />
        </Avatar.Root>
      )}
      <Stack gap="0" minW="0">
        <Text as="h2" fontWeight="semibold" truncate>
          {title}
        </Text>
        {subtitle && (
          <Text textStyle="xs" color="fg.muted">
            {subtitle}
          </Text>
        )}
      </Stack>
      {actions && (
        <Box ms="auto" flexShrink={0}>
          {actions}
        </Box>
      )}
    </HStack>
  );
}
