import { Box, HStack, Heading, Icon, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { LuClock, LuMapPin, LuMessageSquare } from 'react-icons/lu';
import type { ClubPosition_PositionFragment } from '../../gql/graphql';

function Detail({ icon, label, value }: { icon: ReactNode; label: string; value: string }) {
  return (
    <HStack gap="1.5" alignItems="flex-start">
      <Icon size="sm" mt="0.5" flexShrink="0" color="fg.muted">
        {icon}
      </Icon>
      <Text>
        <Text as="span" fontWeight="medium">
          {label}:
        </Text>{' '}
        {value}
      </Text>
    </HStack>
  );
}

function Paragraphs({ title, text }: { title: string; text: string }) {
  return (
    <Stack gap="1">
      <Heading as="h4" size="xs" color="fg.muted" textTransform="uppercase" letterSpacing="wide">
        {title}
      </Heading>
      <Text whiteSpace="pre-line" wordBreak="break-word">
        {text}
      </Text>
    </Stack>
  );
}

/** One live volunteer position; optional texts are left out when empty. */
export function ClubPosition({ position }: { position: ClubPosition_PositionFragment }) {
  const headingId = `position-${position.id}`;
  return (
    <Box as="article" aria-labelledby={headingId} borderWidth="1px" borderRadius="md" p="4">
      <Stack gap="3">
        <Heading as="h3" size="md" id={headingId}>
          {position.title}
        </Heading>
        <Text whiteSpace="pre-line" wordBreak="break-word">
          {position.description}
        </Text>
        {(position.timeCommitment || position.location) && (
          <Stack gap="1" textStyle="sm">
            {position.timeCommitment && <Detail icon={<LuClock />} label="Time commitment" value={position.timeCommitment} />}
            {position.location && <Detail icon={<LuMapPin />} label="Location" value={position.location} />}
          </Stack>
        )}
        {position.responsibilities && <Paragraphs title="Responsibilities" text={position.responsibilities} />}
        {position.requirements && <Paragraphs title="Requirements" text={position.requirements} />}
        {position.contactInfo && (
          <Box textStyle="sm">
            <Detail icon={<LuMessageSquare />} label="Contact" value={position.contactInfo} />
          </Box>
        )}
      </Stack>
    </Box>
  );
}
