import { useQuery } from '@apollo/client/react';
import { Alert, Button, Container, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { LuArrowLeft } from 'react-icons/lu';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { LoadError } from '../../components/load-error';
import { PageSpinner } from '../../components/page-spinner';
import { ApplyToOpportunityPageDocument } from './volunteer.generated';
import { formatDate } from '../../lib/format';
import { ApplyForm } from './apply-form';
import { OpportunityNotFound } from './not-found-panel';
import { APPLY_TEXTS, WAITLIST_TEXTS } from './volunteer-texts';
import { applicationPath, clubPath, isGlobalId, opportunityPath, unavailableText } from './volunteer-format';

/** /opportunities/:id/apply (signed in): a message to the club, then the application is pending. */
export default function ApplyPage() {
  const { id } = useParams();
  if (!isGlobalId(id)) return <OpportunityNotFound />;
  return <ApplyLoader key={id} id={id} />;
}

function ApplyLoader({ id }: { id: string }) {
  const { data, error, refetch } = useQuery(ApplyToOpportunityPageDocument, {
    variables: { id },
    fetchPolicy: 'cache-and-network',
    context: { silent: true },
  });
  if (data && !data.opportunity) return <OpportunityNotFound />;
  const opportunity = data?.opportunity;
  if (!opportunity || !data?.me) {
    if (error) {
      return (
        <Container maxW="3xl" py="10">
          <LoadError title="The opportunity could not be loaded." onRetry={() => refetch().catch(() => undefined)} />
        </Container>
      );
    }
    return <PageSpinner />;
  }
  const mine = opportunity.myApplication;

  return (
    <Container maxW="3xl" py={{ base: '6', md: '10' }}>
      <Stack gap="6">
        <Link asChild alignSelf="flex-start" colorPalette="teal" color="colorPalette.fg" textStyle="sm">
          <RouterLink to={opportunityPath(opportunity.id)}>
            <LuArrowLeft aria-hidden="true" /> Back to the opportunity
          </RouterLink>
        </Link>
        <Stack gap="1">
          <Heading as="h1" size="2xl" wordBreak="break-word">
            Apply: {opportunity.title}
          </Heading>
          <Text color="fg.muted">
            <Link asChild colorPalette="teal" color="colorPalette.fg">
              <RouterLink to={clubPath(opportunity.club.id)}>{opportunity.club.name}</RouterLink>
            </Link>
          </Text>
        </Stack>
        {!data.me.hasVolunteerProfile ? (
          <Alert.Root status="info" alignItems="center" flexWrap="wrap" gap="3">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>{APPLY_TEXTS.profileFirst}</Alert.Title>
              <Alert.Description>Clubs see your profile with your application.</Alert.Description>
            </Alert.Content>
            <Button asChild size="sm" colorPalette="teal">
              <RouterLink to="/volunteer/profile">Create Profile</RouterLink>
            </Button>
          </Alert.Root>
        ) : opportunity.canApply ? (
          <Stack gap="4">
            {opportunity.joinsWaitlist && (
              <Alert.Root status="info">
                <Alert.Indicator />
                <Alert.Content>
                  <Alert.Title>{WAITLIST_TEXTS.join}</Alert.Title>
                  <Alert.Description>{WAITLIST_TEXTS.joinExplained}</Alert.Description>
                </Alert.Content>
              </Alert.Root>
            )}
            <ApplyForm positionId={opportunity.id} clubName={opportunity.club.name} joinsWaitlist={opportunity.joinsWaitlist} />
          </Stack>
        ) : (
          <Alert.Root status="info" alignItems="center" flexWrap="wrap" gap="3">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>
                {mine
                  ? `You applied on ${formatDate(mine.appliedAt)}`
                  : opportunity.status === 'ACTIVE'
                    ? 'You cannot apply to this opportunity.'
                    : unavailableText(opportunity.status)}
              </Alert.Title>
            </Alert.Content>
            {mine && (
              <Button asChild size="sm" variant="outline" colorPalette="teal">
                <RouterLink to={applicationPath(mine.id)}>View application</RouterLink>
              </Button>
            )}
          </Alert.Root>
        )}
      </Stack>
    </Container>
  );
}
