import { Button, Heading, HStack, Icon, Stack, Text } from '@chakra-ui/react';
import { LuCircleCheck } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';

export function RegistrationSuccess({ onRegisterAnother }: { onRegisterAnother: () => void }) {
  return (
    <Stack gap="5" alignItems="center" textAlign="center" py="4">
      <Icon size="2xl" color="green.solid">
        <LuCircleCheck />
      </Icon>
      <Heading as="h2" size="xl">
        Thank you for registering!
      </Heading>
      <Text color="fg.muted">
        Once your details are confirmed, we will send you an email to complete your sign-up so that your club can
        start advertising volunteer roles.
      </Text>
      <HStack gap="3" flexWrap="wrap" justifyContent="center">
        <Button asChild>
          <RouterLink to="/login">Go to Login</RouterLink>
        </Button>
        <Button variant="outline" onClick={onRegisterAnother}>
          register another club
        </Button>
      </HStack>
    </Stack>
  );
}
