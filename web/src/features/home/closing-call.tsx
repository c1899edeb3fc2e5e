import { Box, Button, Container, Heading, HStack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';

export function ClosingCall() {
  return (
    <Box as="section" bg="bg.muted">
      <Container maxW="3xl" py={{ base: '12', md: '16' }} textAlign="center">
        <Heading as="h2" size="2xl">
          Ready to put your club on the map?
        </Heading>
        <Text mt="3" color="fg.muted">
          Registration is free. Once your club is approved it appears in the directory and can advertise volunteer
          roles. Want to help out instead? Sign up as a volunteer and apply in minutes.
        </Text>
        <HStack mt="6" gap="4" justifyContent="center" flexWrap="wrap">
          <Button asChild size="lg" colorPalette="teal">
            <RouterLink to="/club/register">Register Now</RouterLink>
          </Button>
          <Button asChild size="lg" variant="outline" colorPalette="teal">
            <RouterLink to="/volunteer/register">Sign Up as a Volunteer</RouterLink>
          </Button>
        </HStack>
      </Container>
    </Box>
  );
}
