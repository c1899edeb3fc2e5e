import { useQuery } from '@apollo/client/react';
import { Button, Container, Heading, Stack } from '@chakra-ui/react';
import { LuUserPlus } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { EmptyPanel } from '../../components/empty-panel';
import { LoadError } from '../../components/load-error';
import { PageSpinner } from '../../components/page-spinner';
import { MyVolunteerProfileDocument } from './volunteer.generated';
import { VolunteerDashboard } from './volunteer-dashboard';

/** /volunteer/dashboard (signed in): the volunteer's figures, applications, opportunities and
 *  profile; without a volunteer profile, the way to create one. */
export default function VolunteerDashboardPage() {
  const { data, error, refetch } = useQuery(MyVolunteerProfileDocument, { fetchPolicy: 'cache-and-network', context: { silent: true } });
  const me = data?.me;
  return (
    <Container maxW="6xl" py={{ base: '6', md: '10' }}>
      <Stack gap="6">
        <Heading as="h1" size="2xl">
          Volunteer Dashboard
        </Heading>
        {me?.volunteerProfile ? (
          <VolunteerDashboard profile={me.volunteerProfile} />
        ) : me ? (
          <EmptyPanel
            icon={<LuUserPlus />}
            title="Create your volunteer profile"
            description="Set up a volunteer profile to apply for opportunities, track your applications and hear from clubs."
          >
            <Button asChild colorPalette="teal">
              <RouterLink to="/volunteer/profile">Create Profile</RouterLink>
            </Button>
          </EmptyPanel>
        ) : error ? (
          <LoadError title="We could not load your dashboard." onRetry={() => refetch().catch(() => undefined)} />
        ) : (
          <PageSpinner />
        )}
      </Stack>
    </Container>
  );
}
