import { Avatar, Badge, Box, Button, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { LuCheck, LuX } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import type { OpportunityApplication_ApplicationFragment } from '../../gql/graphql';
import { formatDate } from '../../lib/format';
import { APPLICATION_STATUS_TEXT, applicationPath } from './club-opportunities-texts';
import type { ReviewTarget } from './review-application-dialog';
import type { ReviewDecision } from './use-review-application';

interface ApplicationRowProps {
  application: OpportunityApplication_ApplicationFragment;
  positionTitle: string;
  onReview: (application: ReviewTarget, decision: ReviewDecision) => void;
}

/** One application: the volunteer (photo and name), the message, when, its status, and 'Accept' /
 *  'Reject' while it is pending. */
export function ApplicationRow({ application, positionTitle, onReview }: ApplicationRowProps) {
  const name = application.volunteerProfile?.fullName ?? application.volunteer.name;
  const photo = application.volunteerProfile?.profileImageUrl ?? undefined;
  const status = APPLICATION_STATUS_TEXT[application.status];
  const target: ReviewTarget = { id: application.id, volunteerName: name, opportunityTitle: positionTitle };

  return (
    <Box borderWidth="1px" borderRadius="md" p="3" bg="bg.subtle">
      <Stack gap="2">
        <HStack gap="3" align="flex-start" justify="space-between" flexWrap="wrap">
          <HStack gap="3" minW="0">
            <Avatar.Root size="sm" colorPalette="teal">
              <Avatar.Fallback name={name} />
              {photo && <Avatar.Image src={photo} alt="" />}
            </Avatar.Root>
            <Stack gap="0" minW="0">
              <Text fontWeight="semibold" truncate>
                {name}
              </Text>
              <Text fontSize="xs" color="fg.muted">
                Applied {formatDate(application.appliedAt)}
              </Text>
            </Stack>
          </HStack>
          <Badge colorPalette={status.palette} variant="subtle">
            {status.label}
          </Badge>
        </HStack>
        <Text fontSize="sm" whiteSpace="pre-line" lineClamp={4} wordBreak="break-word">
          {application.message}
        </Text>
        <HStack gap="2" justify="space-between" flexWrap="wrap">
          <Link asChild fontSize="sm" colorPalette="teal" color="colorPalette.fg" variant="underline">
            <RouterLink to={applicationPath(application.id)} aria-label={`View application from ${name}`}>
              View application
            </RouterLink>
          </Link>
          {application.canReview && (
            <HStack gap="2">
              <Button size="xs" colorPalette="teal" aria-label={`Accept application from ${name}`} onClick={() => onReview(target, 'ACCEPT')}>
                <LuCheck aria-hidden="true" /> Accept
              </Button>
              <Button
                size="xs"
                variant="outline"
                colorPalette="red"
                aria-label={`Reject application from ${name}`}
                onClick={() => onReview(target, 'REJECT')}
              >
                <LuX aria-hidden="true" /> Reject
              </Button>
            </HStack>
          )}
        </HStack>
      </Stack>
    </Box>
  );
}
