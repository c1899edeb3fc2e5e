import { Button, Container, EmptyState, Heading, Stack } from '@chakra-ui/react';
import { LuUserPlus } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';

/** Without a volunteer profile the dashboard asks the user to create one. */
export default function VolunteerDashboardPage() {
  return (
    <Container maxW="5xl" py="10">
      <Stack gap="8">
        <Heading as="h1" size="2xl">
          Volunteer Dashboard
        </Heading>
        <EmptyState.Root borderWidth="1px" borderRadius="lg">
          <EmptyState.Content>
            <EmptyState.Indicator>
              <LuUserPlus />
            </EmptyState.Indicator>
            <Stack textAlign="center" gap="2">
              <EmptyState.Title>Create your volunteer profile</EmptyState.Title>
              <EmptyState.Description>
                Set up a volunteer profile to apply for opportunities, track your applications and hear from clubs.
              </EmptyState.Description>
            </Stack>
            <Button asChild colorPalette="teal">
              <RouterLink to="/profile">Create Profile</RouterLink>
            </Button>
          </EmptyState.Content>
        </EmptyState.Root>
      </Stack>
    </Container>
  );
}
