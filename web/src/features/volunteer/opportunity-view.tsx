import { Alert, Box, Button, Card, Container, Heading, HStack, Link, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { LuArrowLeft } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import type { OpportunityDetailQuery } from '../../gql/graphql';
import { formatDate } from '../../lib/format';
import { ApplicationStatusBadge } from './application-status-badge';
import { OpportunityFacts } from './opportunity-facts';
import { ReportButton } from '../../components/report-button';
import { SkillTags } from '../../components/skill-tags';
import { applicationPath, applyPath, clubPath, placesLeftText, unavailableText } from './volunteer-format';
import { POSITION_CHECK_TEXTS } from '../safeguarding/safeguarding-texts';
import { WAITLIST_TEXTS } from './volunteer-texts';
import { OpportunityShifts } from '../shifts/opportunity-shifts';

type Opportunity = NonNullable<OpportunityDetailQuery['opportunity']>;

/** The opportunity's page: the club, what the role is, the facts, and what the caller can do. */
export function OpportunityView({ opportunity }: { opportunity: Opportunity }) {
  return (
    <Container maxW="4xl" py={{ base: '6', md: '10' }}>
      <Stack gap="6">
        <Link asChild alignSelf="flex-start" colorPalette="teal" color="colorPalette.fg" textStyle="sm">
          <RouterLink to="/volunteer-opportunities">
            <LuArrowLeft aria-hidden="true" /> Back to opportunities
          </RouterLink>
        </Link>
        <HStack justify="space-between" align="flex-start" gap="3" flexWrap="wrap">
          <Stack gap="2" minW="0">
            <Heading as="h1" size={{ base: '2xl', md: '3xl' }} wordBreak="break-word">
              {opportunity.title}
            </Heading>
            <Text>
              Offered by{' '}
              <Link asChild colorPalette="teal" color="colorPalette.fg" fontWeight="semibold">
                <RouterLink to={clubPath(opportunity.club.id)}>{opportunity.club.name}</RouterLink>
              </Link>
            </Text>
          </Stack>
          <ReportButton
            target={{ type: 'OPPORTUNITY', id: opportunity.id, label: `the opportunity "${opportunity.title}"` }}
            ownerClubId={opportunity.club.id}
          />
        </HStack>
        <OpportunityActions opportunity={opportunity} />
        <Card.Root variant="outline">
          <Card.Body>
            <Stack gap="5">
              <OpportunityFacts
                location={opportunity.location}
                clubLocation={opportunity.club.location}
                timeCommitment={opportunity.timeCommitment}
                startDate={opportunity.startDate}
                isRecurring={opportunity.isRecurring}
              />
              <Section title="About the role">{opportunity.description}</Section>
              <OpportunityShifts positionId={opportunity.id} />
              {opportunity.responsibilities && <Section title="Responsibilities">{opportunity.responsibilities}</Section>}
              {opportunity.requirements && <Section title="Requirements">{opportunity.requirements}</Section>}
              {opportunity.requiredCheck && <Section title={POSITION_CHECK_TEXTS.title}>{POSITION_CHECK_TEXTS.needs(opportunity.requiredCheck.name)}</Section>}
              {opportunity.requiredSkills.length > 0 && (
                <Stack gap="2">
                  <Heading as="h2" size="md">
                    Skills
                  </Heading>
                  <SkillTags skills={opportunity.requiredSkills} />
                </Stack>
              )}
              {opportunity.contactInfo && <Section title="Contact">{opportunity.contactInfo}</Section>}
            </Stack>
          </Card.Body>
        </Card.Root>
      </Stack>
    </Container>
  );
}

/** 'Apply Now' only on an opportunity the caller can apply to ('Join the waiting list', explained,
 *  when every place is taken); the places left; otherwise why not. */
function OpportunityActions({ opportunity }: { opportunity: Opportunity }) {
  const mine = opportunity.myApplication;
  const open = opportunity.status === 'ACTIVE' || opportunity.joinsWaitlist;
  const places = placesLeftText(opportunity);
  return (
    <Stack gap="3">
      {mine && (
        <Alert.Root status="info" alignItems="center">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>
              <HStack as="span" gap="2" flexWrap="wrap">
                <span>You applied on {formatDate(mine.appliedAt)}</span>
                <ApplicationStatusBadge status={mine.status} size="sm" />
              </HStack>
            </Alert.Title>
            {mine.status === 'WAITLISTED' && mine.linePosition && <Alert.Description>{WAITLIST_TEXTS.inLine(mine.linePosition)}</Alert.Description>}
          </Alert.Content>
          <Button asChild size="sm" variant="outline" colorPalette="teal" flexShrink="0">
            <RouterLink to={applicationPath(mine.id)}>View application</RouterLink>
          </Button>
        </Alert.Root>
      )}
      {places && open && (
        <Text fontWeight="medium">
          {places}
        </Text>
      )}
      {open && opportunity.canApply && (
        <Stack gap="2" alignItems="flex-start">
          {opportunity.joinsWaitlist && <Text color="fg.muted">{WAITLIST_TEXTS.joinExplained}</Text>}
          <Box>
            <Button asChild colorPalette="teal" size="lg">
              <RouterLink to={applyPath(opportunity.id)}>{opportunity.joinsWaitlist ? WAITLIST_TEXTS.join : 'Apply Now'}</RouterLink>
            </Button>
          </Box>
        </Stack>
      )}
      {!open && (
        <Text fontWeight="medium" color="fg.muted">
          {unavailableText(opportunity.status)}
        </Text>
      )}
    </Stack>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="2">
      <Heading as="h2" size="md">
        {title}
      </Heading>
      <Text whiteSpace="pre-line" wordBreak="break-word">
        {children}
      </Text>
    </Stack>
  );
}
