import { Box, Button, HStack, Heading, Icon, Link, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { LuCalendar, LuClock, LuMapPin, LuMessageSquare, LuRepeat } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { OpportunityStatusBadge } from '../../components/opportunity-status-badge';
import { SkillTags } from '../../components/skill-tags';
import type { ClubPosition_PositionFragment } from '../../gql/graphql';
import { PLACES_MESSAGES } from '@clubroom/rules/opportunities-texts';
import { formatCalendarDate } from '../../lib/format';
import { applyPath, opportunityPath, unavailableText } from './club-format';

function Detail({ icon, label, value }: { icon: ReactNode; label: string; value: string }) {
  return (
    <HStack gap="1.5" alignItems="flex-start">
      <Icon size="sm" mt="0.5" flexShrink="0" color="fg.muted">
        {icon}
      </Icon>
      <Text>
        <Text as="span" fontWeight="medium">
          {label}:
        </Text>{' '}
        {value}
      </Text>
    </HStack>
  );
}

function Paragraphs({ title, text }: { title: string; text: string }) {
  return (
    <Stack gap="1">
      <Heading as="h4" size="xs" color="fg.muted" textTransform="uppercase" letterSpacing="wide">
        {title}
      </Heading>
      <Text whiteSpace="pre-line" wordBreak="break-word">
        {text}
      </Text>
    </Stack>
  );
}

/** One live volunteer position (an opportunity): its status, skills, places left and details,
 *  'Apply Now' while it takes applications ('Join the waiting list' when every place is taken), and a link to its own page; optional texts are left out when empty. */
export function ClubPosition({ position }: { position: ClubPosition_PositionFragment }) {
  const headingId = `position-${position.id}`;
  return (
    <Box as="article" aria-labelledby={headingId} borderWidth="1px" borderRadius="md" p="4">
      <Stack gap="3">
        <HStack gap="2" flexWrap="wrap">
          <Heading as="h3" size="md" id={headingId}>
            {position.title}
          </Heading>
          <OpportunityStatusBadge status={position.status} />
        </HStack>
        <Text whiteSpace="pre-line" wordBreak="break-word">
          {position.description}
        </Text>
        <SkillTags skills={position.requiredSkills} label={`Required skills for ${position.title}`} />
        {position.places !== null && position.placesLeft !== null && (
          <Text textStyle="sm" fontWeight="medium">
            {PLACES_MESSAGES.left(position.placesLeft)}
          </Text>
        )}
        {(position.timeCommitment || position.location || position.startDate || position.isRecurring) && (
          <Stack gap="1" textStyle="sm">
            {position.timeCommitment && <Detail icon={<LuClock />} label="Time commitment" value={position.timeCommitment} />}
            {position.location && <Detail icon={<LuMapPin />} label="Location" value={position.location} />}
            {position.startDate && <Detail icon={<LuCalendar />} label="Starts" value={formatCalendarDate(position.startDate)} />}
            {position.isRecurring && <Detail icon={<LuRepeat />} label="Schedule" value="Recurring" />}
          </Stack>
        )}
        {position.responsibilities && <Paragraphs title="Responsibilities" text={position.responsibilities} />}
        {position.requirements && <Paragraphs title="Requirements" text={position.requirements} />}
        {position.contactInfo && (
          <Box textStyle="sm">
            <Detail icon={<LuMessageSquare />} label="Contact" value={position.contactInfo} />
          </Box>
        )}
        <HStack gap="4" flexWrap="wrap" justify="space-between">
          <Link asChild colorPalette="teal" color="colorPalette.fg" textStyle="sm" fontWeight="medium" variant="underline">
            <RouterLink to={opportunityPath(position.id)} aria-label={`View details of ${position.title}`}>
              View details
            </RouterLink>
          </Link>
          {position.status !== 'ACTIVE' && !position.joinsWaitlist ? (
            <Text textStyle="sm" color="fg.muted">
              {unavailableText(position.status)}
            </Text>
          ) : (
            position.canApply && (
              <Button asChild size="sm" colorPalette="teal">
                <RouterLink
                  to={applyPath(position.id)}
                  aria-label={position.joinsWaitlist ? `Join the waiting list for ${position.title}` : `Apply Now for ${position.title}`}
                >
                  {position.joinsWaitlist ? 'Join the waiting list' : 'Apply Now'}
                </RouterLink>
              </Button>
            )
          )}
        </HStack>
      </Stack>
    </Box>
  );
}
