import { Card, Container, Heading, Icon, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { IconType } from 'react-icons';
import { LuCompass, LuSprout, LuUsers } from 'react-icons/lu';

interface Reason {
  title: string;
  text: string;
  icon: IconType;
}

const REASONS: Reason[] = [
  {
    title: 'Connect',
    text: 'Meet players, coaches and volunteers near you, and message clubs directly to ask questions or offer help.',
    icon: LuUsers,
  },
  {
    title: 'Discover',
    text: 'Browse approved local clubs by sport, see when they meet, and find volunteer roles that fit your time.',
    icon: LuCompass,
  },
  {
    title: 'Grow',
    text: 'Give your club a profile, advertise volunteer positions, and reach new members across the community.',
    icon: LuSprout,
  },
];

export function WhyJoin() {
  return (
    <Container as="section" maxW="5xl" py={{ base: '12', md: '16' }}>
      <Stack gap="2" textAlign="center" mb="10">
        <Heading as="h2" size="3xl">
          Why Join
        </Heading>
        <Text color="fg.muted">One home for the clubs, volunteers and council of your local sports community.</Text>
      </Stack>
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="6">
        {REASONS.map((reason) => (
          <Card.Root key={reason.title} variant="elevated">
            <Card.Body gap="3">
              <Icon size="xl" color="teal.solid">
                <reason.icon />
              </Icon>
              <Card.Title as="h3">{reason.title}</Card.Title>
              <Card.Description>{reason.text}</Card.Description>
            </Card.Body>
          </Card.Root>
        ))}
      </SimpleGrid>
    </Container>
  );
}
