import { Box, Button, Container, Heading, Text } from '@chakra-ui/react';
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
          roles.
        </Text>
        <Button asChild mt="6" size="lg" colorPalette="teal">
          <RouterLink to="/register">Register Now</RouterLink>
        </Button>
      </Container>
    </Box>
  );
}
