import { Card, Container, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { Navigate, Link as RouterLink } from 'react-router-dom';
import { useAuth } from '../../lib/use-auth';
import { VolunteerRegistrationForm } from './volunteer-registration-form';

/** /volunteer/register: a visitor signs up as a volunteer (account and profile in one step). */
export default function VolunteerRegisterPage() {
  const { status } = useAuth();
  // Signed in already (or just now, by this form): the profile page is the next step.
  if (status === 'signed-in') return <Navigate to="/volunteer/profile" replace />;
  return (
    <Container maxW="lg" py={{ base: '8', md: '16' }}>
      <Card.Root>
        <Card.Header>
          <Stack gap="1">
            <Heading as="h1" size="2xl">
              Sign Up as a Volunteer
            </Heading>
            <Text color="fg.muted">Create your volunteer account, then tell clubs about your skills and when you can help.</Text>
          </Stack>
        </Card.Header>
        <Card.Body>
          <VolunteerRegistrationForm />
        </Card.Body>
        <Card.Footer justifyContent="center">
          <Stack gap="1" alignItems="center" textStyle="sm" color="fg.muted">
            <Text>
              Already registered?{' '}
              <Link asChild variant="underline">
                <RouterLink to="/login">Log in</RouterLink>
              </Link>
            </Text>
            <Text>
              Running a club?{' '}
              <Link asChild variant="underline">
                <RouterLink to="/register">Register Your Club</RouterLink>
              </Link>
            </Text>
          </Stack>
        </Card.Footer>
      </Card.Root>
    </Container>
  );
}
