import { Button, Card, Heading, HStack, Link, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { memo } from 'react';
import { LuCircleCheck } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import type { VolunteerOpportunityCard_PositionFragment } from '../../gql/graphql';
import { OpportunityFacts } from './opportunity-facts';
import { CARD_SKILLS_MAX, SkillTags } from '../../components/skill-tags';
import { appliedText, applicationPath, applyPath, clubPath, opportunityPath, placesLeftText, unavailableText } from './volunteer-format';
import { WAITLIST_TEXTS } from './volunteer-texts';

interface OpportunityCardProps {
  opportunity: VolunteerOpportunityCard_PositionFragment;
  /** The title's heading level under the page's own headings. */
  level?: 'h2' | 'h3';
}

/** One opportunity: title, club, where, time, start, places left (issue 30), up to 4 skills,
 *  'Apply Now' (only when the caller can apply; 'Join the waiting list' when every place is taken), 'Applied · {status}' once they have applied (leading to their application;
 *  issue 25, item 20) and 'View details'. Memoized: a further page must not render the cards
 *  already shown again. */
export const OpportunityCard = memo(function OpportunityCard({ opportunity, level = 'h2' }: OpportunityCardProps) {
  const headingId = `opportunity-${opportunity.id}-title`;
  const mine = opportunity.myApplication;
  const places = placesLeftText(opportunity);
  return (
    <Card.Root as="article" aria-labelledby={headingId} variant="outline" size="sm" h="full">
      <Card.Body gap="3">
        <Stack gap="1">
          <Heading as={level} size="md" id={headingId} lineClamp="2" wordBreak="break-word">
            {opportunity.title}
          </Heading>
          <Text textStyle="sm">
            <Link asChild colorPalette="teal" color="colorPalette.fg" fontWeight="medium">
              <RouterLink to={clubPath(opportunity.club.id)}>{opportunity.club.name}</RouterLink>
            </Link>
          </Text>
        </Stack>
        <OpportunityFacts
          location={opportunity.location}
          clubLocation={opportunity.club.location}
          timeCommitment={opportunity.timeCommitment}
          startDate={opportunity.startDate}
          isRecurring={opportunity.isRecurring}
        />
        {places && (
          <Text textStyle="sm" fontWeight="medium">
            {places}
          </Text>
        )}
        <SkillTags skills={opportunity.requiredSkills} max={CARD_SKILLS_MAX} label={`Skills for ${opportunity.title}`} />
      </Card.Body>
      <Card.Footer borderTopWidth="1px" pt="3">
        <Stack gap="2" w="full">
          {opportunity.status !== 'ACTIVE' && !opportunity.joinsWaitlist && (
            <Text textStyle="sm" color="fg.muted">
              {unavailableText(opportunity.status)}
            </Text>
          )}
          <HStack gap="2" flexWrap="wrap">
            {mine && (
              <Button asChild size="sm" variant="subtle" colorPalette="teal">
                <RouterLink to={applicationPath(mine.id)}>
                  <LuCircleCheck aria-hidden />
                  {appliedText(mine.status, mine.linePosition)}
                  <VisuallyHidden>: {opportunity.title}</VisuallyHidden>
                </RouterLink>
              </Button>
            )}
            {opportunity.canApply && (
              <Button asChild size="sm" colorPalette="teal">
                <RouterLink to={applyPath(opportunity.id)}>
                  {opportunity.joinsWaitlist ? WAITLIST_TEXTS.join : 'Apply Now'}
                  <VisuallyHidden>: {opportunity.title}</VisuallyHidden>
                </RouterLink>
              </Button>
            )}
            <Button asChild size="sm" variant="outline" colorPalette="teal">
              <RouterLink to={opportunityPath(opportunity.id)}>
                View details<VisuallyHidden>: {opportunity.title}</VisuallyHidden>
              </RouterLink>
            </Button>
          </HStack>
        </Stack>
      </Card.Footer>
    </Card.Root>
  );
});
