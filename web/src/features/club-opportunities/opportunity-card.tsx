import { Badge, Button, Card, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useId, useState } from 'react';
import { LuChevronDown, LuChevronUp, LuTrash2 } from 'react-icons/lu';
import { OpportunityStatusBadge } from '../../components/opportunity-status-badge';
import { RemovedBadge } from '../../components/removed-by-moderator';
import { SkillTags } from '../../components/skill-tags';
import type { MyOpportunity_PositionFragment, OpportunityStatus } from '../../gql/graphql';
import { formatCalendarDate, formatDate } from '../../lib/format';
import { notifyError, notifySuccess } from '../../lib/toaster';
import { errorMessageOf } from '../../lib/user-errors';
import { PLACES_MESSAGES, WAITLIST_POLICY_LABELS } from '@clubroom/rules/opportunities-texts';
import { LINE_TEXTS, OPPORTUNITY_TOASTS, applicationCountText, statusActions } from './club-opportunities-texts';
import { OpportunityApplications } from './opportunity-applications';
import { ClubPositionShifts } from '../shifts/club-position-shifts';
import type { ReviewTarget } from './review-application-dialog';
import type { ReviewDecision } from './use-review-application';
import { useSetOpportunityStatus } from './use-opportunity-actions';

interface OpportunityCardProps {
  position: MyOpportunity_PositionFragment;
  onDelete: () => void;
  onReview: (application: ReviewTarget, decision: ReviewDecision) => void;
}

/** One opportunity: status, visibility, skills, counts, the owner's actions and its applications. */
export function OpportunityCard({ position, onDelete, onReview }: OpportunityCardProps) {
  const headingId = useId();
  const listId = useId();
  const [expanded, setExpanded] = useState(false);
  const [changing, setChanging] = useState<OpportunityStatus | null>(null);
  const setStatus = useSetOpportunityStatus();
  const counts = position.applicationCounts;
  const full = position.places !== null && position.placesLeft === 0;
  const details = [
    position.startDate && `Starts ${formatCalendarDate(position.startDate)}`,
    position.isRecurring && 'Recurring',
    position.timeCommitment,
    position.location,
  ].filter(Boolean);

  const change = async (status: OpportunityStatus) => {
    setChanging(status);
    try {
      await setStatus(position.id, status);
      notifySuccess(OPPORTUNITY_TOASTS.marked(status));
    } catch (error) {
      console.error('Changing the opportunity status failed:', error);
      const message = errorMessageOf(error);
      if (message) notifyError(OPPORTUNITY_TOASTS.statusFailed, message);
      else notifyError(OPPORTUNITY_TOASTS.statusFailedRetry);
    } finally {
      setChanging(null);
    }
  };

  return (
    <Card.Root as="article" aria-labelledby={headingId} variant="outline" borderStyle={position.isLive && !position.removedAt ? 'solid' : 'dashed'}>
      <Card.Header>
        <Stack gap="2">
          <HStack gap="2" flexWrap="wrap">
            <Heading as="h2" size="md" id={headingId}>
              {position.title}
            </Heading>
            <OpportunityStatusBadge status={position.status} full={full} />
            <Badge colorPalette={position.isLive && !position.removedAt ? 'green' : 'gray'} variant="outline">
              {position.isLive && !position.removedAt ? 'Live' : 'Hidden'}
            </Badge>
            {position.removedAt && <RemovedBadge />}
          </HStack>
          <Text fontSize="xs" color="fg.muted">
            Added {formatDate(position.createdAt)}
            {details.length > 0 && ` · ${details.join(' · ')}`}
          </Text>
        </Stack>
      </Card.Header>
      <Card.Body pt="3">
        <Stack gap="3">
          <Text lineClamp={3} whiteSpace="pre-line">
            {position.description}
          </Text>
          <SkillTags skills={position.requiredSkills} label={`Required skills for ${position.title}`} />
          <HStack gap="2" flexWrap="wrap" fontSize="sm" aria-label={`Places of ${position.title}`}>
            <Text fontWeight="medium">{position.places === null ? LINE_TEXTS.noLimit : PLACES_MESSAGES.filled(position.placesFilled, position.places)}</Text>
            {(position.places !== null || position.waitlistLength > 0) && (
              <Badge colorPalette="purple" variant="subtle">
                {LINE_TEXTS.waitlistCount(position.waitlistLength)}
              </Badge>
            )}
            {position.places !== null && (
              <Text color="fg.muted" fontSize="xs">
                {WAITLIST_POLICY_LABELS[position.waitlistPolicy === 'OFFER' ? 'offer' : 'automatic']}
              </Text>
            )}
          </HStack>
          {counts && (
            <HStack gap="2" flexWrap="wrap" fontSize="sm" aria-label={`Applications to ${position.title}`}>
              <Text fontWeight="medium">{applicationCountText(counts.total)}</Text>
              <Badge colorPalette="orange" variant="subtle">
                {counts.pending} pending
              </Badge>
              <Badge colorPalette="green" variant="subtle">
                {counts.accepted} accepted
              </Badge>
              {counts.waitlisted > 0 && (
                <Badge colorPalette="purple" variant="subtle">
                  {counts.waitlisted} waiting
                </Badge>
              )}
              {counts.offered > 0 && (
                <Badge colorPalette="blue" variant="subtle">
                  {counts.offered} offered a place
                </Badge>
              )}
              <Badge colorPalette="red" variant="subtle">
                {counts.rejected} rejected
              </Badge>
              <Badge colorPalette="gray" variant="subtle">
                {counts.withdrawn} withdrawn
              </Badge>
              {counts.lapsed > 0 && (
                <Badge colorPalette="gray" variant="subtle">
                  {counts.lapsed} lapsed
                </Badge>
              )}
            </HStack>
          )}
        </Stack>
      </Card.Body>
      <Card.Footer flexDirection="column" alignItems="stretch" gap="4">
        <HStack gap="2" flexWrap="wrap" justify="space-between">
          <Button
            size="sm"
            variant="ghost"
            aria-expanded={expanded}
            aria-controls={listId}
            onClick={() => setExpanded((open) => !open)}
            disabled={!counts || counts.total === 0}
          >
            {expanded ? <LuChevronUp aria-hidden="true" /> : <LuChevronDown aria-hidden="true" />}
            {expanded ? 'Hide applications' : 'Show applications'}
          </Button>
          <HStack gap="2" flexWrap="wrap">
            {statusActions(position.status, position.filledByPlaces).map((action) => (
              <Button
                key={action.status}
                size="sm"
                variant="outline"
                colorPalette={action.status === 'CANCELLED' ? 'orange' : 'teal'}
                aria-label={`${action.label} ${position.title}`}
                loading={changing === action.status}
                disabled={changing !== null}
                onClick={() => void change(action.status)}
              >
                {action.label}
              </Button>
            ))}
            <Button size="sm" variant="outline" colorPalette="red" aria-label={`Delete ${position.title}`} onClick={onDelete}>
              <LuTrash2 aria-hidden="true" /> Delete
            </Button>
          </HStack>
        </HStack>
        <div id={listId}>
          {expanded && <OpportunityApplications positionId={position.id} positionTitle={position.title} onReview={onReview} />}
        </div>
        <ClubPositionShifts positionId={position.id} positionTitle={position.title} />
      </Card.Footer>
    </Card.Root>
  );
}
