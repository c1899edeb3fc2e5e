import { Badge, Box, HStack, Stack, Text } from '@chakra-ui/react';
import { RelativeTime } from '../../../components/relative-time';
import { SectionCard } from '../../../components/section-card';
import type { AdminAnalyticsQuery } from '../../../gql/graphql';
import { ACTIVITY_KIND_LABELS, ACTIVITY_KIND_PALETTES, ANALYTICS_EMPTY } from './analytics-texts';

type Activity = AdminAnalyticsQuery['adminAnalytics']['recentActivity'][number];

/** 'Recent Activity': the platform's latest events, newest first. */
export function PlatformActivity({ entries }: { entries: readonly Activity[] }) {
  return (
    <SectionCard title="Recent Activity">
      {entries.length === 0 ? (
        <Text color="fg.muted">{ANALYTICS_EMPTY.recent}</Text>
      ) : (
        <Stack as="ul" listStyleType="none" gap="0" aria-label="Recent platform activity">
          {entries.map((entry, index) => (
            <Box as="li" key={`${entry.occurredAt}-${index}`} py="2.5" borderBottomWidth="1px" _last={{ borderBottomWidth: '0' }}>
              <HStack justify="space-between" align="flex-start" gap="3" flexWrap="wrap">
                <Stack gap="1" minW="0">
                  <HStack gap="2" flexWrap="wrap">
                    <Badge colorPalette={ACTIVITY_KIND_PALETTES[entry.kind]} variant="subtle">
                      {ACTIVITY_KIND_LABELS[entry.kind]}
                    </Badge>
                    <Text fontWeight="medium" wordBreak="break-word">
                      {entry.title}
                    </Text>
                  </HStack>
                  {entry.member && (
                    <Text fontSize="sm" color="fg.muted" wordBreak="break-word">
                      {entry.member.name}
                    </Text>
                  )}
                </Stack>
                <RelativeTime value={entry.occurredAt} fontSize="sm" color="fg.muted" flexShrink="0" />
              </HStack>
            </Box>
          ))}
        </Stack>
      )}
    </SectionCard>
  );
}
