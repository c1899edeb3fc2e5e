import { Badge, Button, Card, DataList, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { LuEyeOff, LuPencil, LuTrash2 } from 'react-icons/lu';
import { CLUB_MESSAGES } from '@clubroom/rules/clubs-texts';
import { PLACES_MESSAGES } from '@clubroom/rules/opportunities-texts';
import { OpportunityStatusBadge } from '../../components/opportunity-status-badge';
import { REMOVED_TEXTS, RemovedBadge } from '../../components/removed-by-moderator';
import { SkillTags } from '../../components/skill-tags';
import type { ClubDashboard_PositionFragment } from '../../gql/graphql';
import { formatCalendarDate, formatDate } from '../../lib/format';
import { PLACES_FORM_TEXTS } from './club-dashboard-texts';
import { PositionLiveSwitch } from './position-live-switch';

interface PositionCardProps {
  position: ClubDashboard_PositionFragment;
  onEdit: () => void;
  onDelete: () => void;
}

const DETAILS = [
  ['Responsibilities', 'responsibilities'],
  ['Requirements', 'requirements'],
  ['Time commitment', 'timeCommitment'],
  ['Location', 'location'],
  ['Contact', 'contactInfo'],
] as const;

/** One position; a hidden one is dashed and dimmed with a note. */
export function PositionCard({ position, onEdit, onDelete }: PositionCardProps) {
  const removed = !!position.removedAt;
  const hidden = !position.isLive || removed;
  const details = DETAILS.filter(([, key]) => position[key] !== '');

  return (
    <Card.Root
      as="article"
      aria-label={position.title}
      variant="outline"
      borderStyle={hidden ? 'dashed' : 'solid'}
      borderWidth={hidden ? '2px' : '1px'}
      opacity={hidden ? 0.7 : 1}
      data-hidden={hidden ? '' : undefined}
    >
      <Card.Header>
        <HStack justify="space-between" align="flex-start" gap="4" flexWrap="wrap">
          <Stack gap="1">
            <HStack gap="2" flexWrap="wrap">
              <Heading as="h3" size="md">
                {position.title}
              </Heading>
              <Badge colorPalette={hidden ? 'gray' : 'green'}>{hidden ? 'Hidden' : 'Live'}</Badge>
              {removed && <RemovedBadge />}
              <OpportunityStatusBadge status={position.status} full={position.places !== null && position.placesLeft === 0} />
            </HStack>
            <Text fontSize="xs" color="fg.muted">
              Added {formatDate(position.createdAt)}
            </Text>
          </Stack>
          <PositionLiveSwitch position={position} />
        </HStack>
      </Card.Header>
      <Card.Body pt="3">
        <Stack gap="3">
          <Text whiteSpace="pre-line">{position.description}</Text>
          <SkillTags skills={position.requiredSkills} label={`Required skills for ${position.title}`} />
          {(position.startDate || position.isRecurring) && (
            <Text fontSize="sm" color="fg.muted">
              {[position.startDate && `Starts ${formatCalendarDate(position.startDate)}`, position.isRecurring && 'Recurring']
                .filter(Boolean)
                .join(' · ')}
            </Text>
          )}
          <Text fontSize="sm" color="fg.muted">
            {[
              position.places === null ? PLACES_FORM_TEXTS.noLimit : PLACES_MESSAGES.filled(position.placesFilled, position.places),
              position.waitlistLength > 0 && PLACES_FORM_TEXTS.waiting(position.waitlistLength),
            ]
              .filter(Boolean)
              .join(' · ')}
          </Text>
          {details.length > 0 && (
            <DataList.Root orientation="horizontal" size="sm">
              {details.map(([label, key]) => (
                <DataList.Item key={key}>
                  <DataList.ItemLabel>{label}</DataList.ItemLabel>
                  <DataList.ItemValue whiteSpace="pre-line">{position[key]}</DataList.ItemValue>
                </DataList.Item>
              ))}
            </DataList.Root>
          )}
          {hidden && (
            <HStack gap="2" color="fg.muted" fontSize="sm">
              <LuEyeOff aria-hidden />
              <Text>{removed ? REMOVED_TEXTS.liveLocked : CLUB_MESSAGES.hiddenPosition}</Text>
            </HStack>
          )}
        </Stack>
      </Card.Body>
      <Card.Footer justifyContent="flex-end" gap="2">
        <Button size="sm" variant="outline" onClick={onEdit} aria-label={`Edit ${position.title}`}>
          <LuPencil /> Edit
        </Button>
        <Button size="sm" variant="outline" colorPalette="red" onClick={onDelete} aria-label={`Delete ${position.title}`}>
          <LuTrash2 /> Delete
        </Button>
      </Card.Footer>
    </Card.Root>
  );
}
