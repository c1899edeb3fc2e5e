import { Badge, Button, Container, Heading, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';

export default function VolunteerOpportunitiesPage() {
  return (
    <Container maxW="2xl" py="16">
      <Stack gap="4" alignItems="center" textAlign="center">
        <Badge colorPalette="teal" size="lg">
          Coming Soon
        </Badge>
        <Heading as="h1" size="3xl">
          Volunteer Opportunities
        </Heading>
        <Text color="fg.muted">
          A place to browse and apply for volunteer roles is on its way. Until then, find a club in the directory and
          see the volunteer roles it is advertising.
        </Text>
        <Button asChild colorPalette="teal">
          <RouterLink to="/clubs">Browse the Club Directory</RouterLink>
        </Button>
      </Stack>
    </Container>
  );
}
