import { Box, Container, Text } from '@chakra-ui/react';

export function AppFooter() {
  return (
    <Box as="footer" borderTopWidth="1px" py="6">
      <Container maxW="7xl">
        <Text textStyle="sm" color="fg.muted" textAlign="center">
          Clubroom: clubs, volunteers and the sports council of your local community.
        </Text>
      </Container>
    </Box>
  );
}
