import { Card, Container, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

interface AuthPageShellProps {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}

/** The centred card that the sign-in, registration and password pages share. */
export function AuthPageShell({ title, subtitle, children, footer }: AuthPageShellProps) {
  return (
    <Container maxW="md" py={{ base: '8', md: '16' }}>
      <Card.Root>
        <Card.Header>
          <Stack gap="1">
            <Heading as="h1" size="2xl">
              {title}
            </Heading>
            {subtitle && <Text color="fg.muted">{subtitle}</Text>}
          </Stack>
        </Card.Header>
        <Card.Body>{children}</Card.Body>
        {footer && <Card.Footer justifyContent="center">{footer}</Card.Footer>}
      </Card.Root>
    </Container>
  );
}
