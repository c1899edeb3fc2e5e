import { useQuery } from '@apollo/client/react';
import { Badge, HStack, Icon, Skeleton, Stack, Text } from '@chakra-ui/react';
import { LuHistory } from 'react-icons/lu';
import { RelativeTime } from '../../../components/relative-time';
import { SectionCard } from '../../../components/section-card';
import type { Approvals_TimelineEntryFragment } from '../../../gql/graphql';
import { ApprovalsTimelineDocument } from '../admin.generated';
import { useFreshnessPolicy } from '../../../lib/freshness';
import { formatDateTime } from '../../../lib/format';
import { ACTION_TYPES } from '../action-types';
import { TIMELINE_MAX_AGE_MS } from '../admin-texts';
import { useLoggedError } from '../use-logged-error';

function TimelineEntry({ entry }: { entry: Approvals_TimelineEntryFragment }) {
  const type = ACTION_TYPES[entry.actionType];
  const TypeIcon = type.icon;
  return (
    <Stack as="li" gap="1" borderStartWidth="2px" borderColor="border" ps="4" pb="3" position="relative">
      <HStack justify="space-between" gap="2" flexWrap="wrap">
        <Badge colorPalette={type.palette} variant="subtle">
          <Icon aria-hidden="true">
            <TypeIcon />
          </Icon>
          {type.label}
        </Badge>
        <RelativeTime value={entry.createdAt} fontSize="xs" color="fg.muted" />
      </HStack>
      <Text fontSize="sm">
        by <strong>{entry.adminName || entry.adminEmail}</strong>
      </Text>
      {entry.details && <Text fontSize="sm">{entry.details}</Text>}
      <Text fontSize="xs" color="fg.muted">
        {formatDateTime(entry.createdAt)}
        {entry.ipAddress && ` · IP ${entry.ipAddress}`}
      </Text>
    </Stack>
  );
}

/** Everything administrators have done with one application, newest first (spec section 2). */
export function ApplicationTimeline({ clubId, ready }: { clubId: string; ready: boolean }) {
  const fetchPolicy = useFreshnessPolicy(`applicationTimeline:${clubId}`, TIMELINE_MAX_AGE_MS);
  // Asked once the application has loaded, so the view just recorded is in it.
  const { data, error } = useQuery(ApprovalsTimelineDocument, { variables: { clubId }, skip: !ready, fetchPolicy, context: { silent: true } });
  useLoggedError(error, 'Loading the application timeline failed:');
  const entries = data?.adminActions.nodes;

  return (
    <SectionCard title="Application Timeline" icon={<LuHistory aria-hidden="true" />}>
      {!entries && !error && (
        <Stack gap="3" aria-hidden="true">
          <Skeleton h="14" />
          <Skeleton h="14" />
        </Stack>
      )}
      {!entries && error && (
        <Stack gap="1" role="alert">
          <Text fontWeight="medium" color="fg.error">
            Unable to load application timeline
          </Text>
          <Text fontSize="sm" color="fg.muted">
            Please try refreshing the page
          </Text>
        </Stack>
      )}
      {entries?.length === 0 && <Text color="fg.muted">No timeline data available</Text>}
      {entries && entries.length > 0 && (
        <Stack gap="3">
          <Stack as="ol" listStyleType="none" gap="1" aria-label="Timeline entries" maxH="96" overflowY="auto" tabIndex={0}>
            {entries.map((entry) => (
              <TimelineEntry key={entry.id} entry={entry} />
            ))}
          </Stack>
          <Text fontSize="xs" color="fg.muted">
            Showing {entries.length} timeline {entries.length === 1 ? 'entry' : 'entries'}
          </Text>
        </Stack>
      )}
    </SectionCard>
  );
}
