import { Box, Button, Container, Heading, HStack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';

export function Hero() {
  return (
    <Box as="section" bgGradient="to-br" gradientFrom="teal.700" gradientTo="blue.800" color="white">
      <Container maxW="5xl" py={{ base: '16', md: '24' }} textAlign="center">
        <Heading as="h1" size={{ base: '3xl', md: '5xl' }} lineHeight="shorter">
          Discover Local Sports Clubs in Your Community
        </Heading>
        <Text mt="5" fontSize={{ base: 'md', md: 'lg' }} maxW="2xl" mx="auto" opacity={0.9}>
          Find a club for your sport, lend a hand as a volunteer, and keep up with the local sports council, all in
          one place.
        </Text>
        <HStack mt="8" gap="4" justifyContent="center" flexWrap="wrap">
          <Button asChild size="lg" bg="white" color="teal.700" _hover={{ bg: 'gray.100' }}>
            <RouterLink to="/clubs">Find Clubs</RouterLink>
          </Button>
          {/* Signed out, /club/register leads on to /register; signed in it registers a club on this account. */}
          <Button asChild size="lg" variant="outline" color="white" borderColor="white" _hover={{ bg: 'whiteAlpha.200' }}>
            <RouterLink to="/club/register">Register Your Club</RouterLink>
          </Button>
          <Button asChild size="lg" variant="outline" color="white" borderColor="white" _hover={{ bg: 'whiteAlpha.200' }}>
            <RouterLink to="/volunteer/register">Sign Up as a Volunteer</RouterLink>
          </Button>
        </HStack>
      </Container>
    </Box>
  );
}
