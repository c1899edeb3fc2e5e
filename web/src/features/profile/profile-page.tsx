import { Alert, Button, Container, Heading, Stack } from '@chakra-ui/react';
import { useQuery } from '@apollo/client/react';
import { PageSpinner } from '../../components/page-spinner';
import { MeDocument } from './profile.generated';
import { ChangePasswordForm } from './change-password-form';
import { ProfileCard } from './profile-card';
import { ProfileNameForm } from './profile-name-form';
import { DeveloperLink } from './developer-link';
import { NotificationsLink } from './notifications-link';
import { YourData } from './your-data';
import { DeleteAccount } from './delete-account';

export default function ProfilePage() {
  const { data, loading, error, refetch } = useQuery(MeDocument, { context: { retry: false } });
  const me = data?.me;

  return (
    <Container maxW="3xl" py="10">
      <Stack gap="6">
        <Heading as="h1" size="2xl">
          My Profile
        </Heading>
        {me && (
          <>
            <ProfileCard me={me} />
            <ProfileNameForm fullName={me.fullName ?? ''} />
            <ChangePasswordForm />
            <NotificationsLink />
            <YourData />
            <DeveloperLink />
            <DeleteAccount clubName={me.club?.name ?? null} />
          </>
        )}
        {!me && loading && <PageSpinner />}
        {!me && !loading && (
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>We could not load your profile.</Alert.Title>
              <Alert.Description>{error ? 'Please try again.' : 'Please sign in again.'}</Alert.Description>
            </Alert.Content>
            <Button size="sm" variant="outline" alignSelf="center" onClick={() => refetch().catch((cause: unknown) => console.error('Profile reload failed:', cause))}>
              Try again
            </Button>
          </Alert.Root>
        )}
      </Stack>
    </Container>
  );
}
