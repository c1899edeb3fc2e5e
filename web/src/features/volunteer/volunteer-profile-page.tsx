import { useQuery } from '@apollo/client/react';
import { Button, Card, Container, Heading, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { LuArrowRight } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { LoadError } from '../../components/load-error';
import { PageSpinner } from '../../components/page-spinner';
import { REMOVED_TEXTS, RemovedNotice } from '../../components/removed-by-moderator';
import { MyVolunteerProfileDocument } from './volunteer.generated';
import { ProfileImageField } from './profile-image-field';
import { VolunteerProfileForm } from './volunteer-profile-form';
import { MyChecksSection } from '../safeguarding/my-checks-section';

/** /volunteer/profile (signed in): create or edit the volunteer profile and its photo. */
export default function VolunteerProfilePage() {
  const { data, error, refetch } = useQuery(MyVolunteerProfileDocument, { fetchPolicy: 'cache-and-network', context: { silent: true } });
  const me = data?.me;
  const profile = me?.volunteerProfile ?? null;

  return (
    <Container maxW="3xl" py={{ base: '6', md: '10' }}>
      <Stack gap="6">
        <Stack gap="1">
          <Heading as="h1" size="2xl">
            {me && !profile ? 'Create Your Volunteer Profile' : 'Volunteer Profile'}
          </Heading>
          <Text color="fg.muted">Clubs see your profile when you apply, and approved clubs can find you when they need help.</Text>
        </Stack>
        {me ? (
          <>
            {profile?.removedAt && <RemovedNotice title={REMOVED_TEXTS.profile} description={REMOVED_TEXTS.profileMore} />}
            <Card.Root variant="outline">
              <Card.Body>
                <ProfileImageField
                  profileId={profile?.id ?? null}
                  imageUrl={profile?.profileImageUrl}
                  name={profile?.fullName ?? me.fullName ?? ''}
                />
              </Card.Body>
            </Card.Root>
            <Card.Root variant="outline">
              <Card.Body>
                {/* A new form once the profile exists, so its values are the saved ones. */}
                <VolunteerProfileForm key={profile?.id ?? 'new'} me={me} />
              </Card.Body>
            </Card.Root>
            {profile && <MyChecksSection />}
            {profile && (
              <HStack justifyContent="space-between" flexWrap="wrap" gap="3">
                <Link asChild colorPalette="teal" color="colorPalette.fg">
                  <RouterLink to="/volunteer/dashboard">
                    Go to your dashboard <LuArrowRight aria-hidden="true" />
                  </RouterLink>
                </Link>
                <Button asChild variant="outline" colorPalette="teal" size="sm">
                  <RouterLink to="/volunteer-opportunities">Find Opportunities</RouterLink>
                </Button>
              </HStack>
            )}
          </>
        ) : error ? (
          <LoadError title="We could not load your profile." onRetry={() => refetch().catch(() => undefined)} />
        ) : (
          <PageSpinner />
        )}
      </Stack>
    </Container>
  );
}
