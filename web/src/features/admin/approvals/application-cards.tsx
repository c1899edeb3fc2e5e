import { Card, HStack, Stack, Text, chakra } from '@chakra-ui/react';
import { LuChevronRight } from 'react-icons/lu';
import { RelativeTime } from '../../../components/relative-time';
import type { Approvals_ListItemFragment } from '../../../gql/graphql';
import { StatusBadge } from './application-status';
import { NameAndEmail, SelectApplication, type Selection } from './application-parts';

/** The phone's list (under 768 px): one card per application. */
export function ApplicationCards({ applications, onOpen, selection }: { applications: Approvals_ListItemFragment[]; onOpen: (id: string) => void; selection?: Selection }) {
  return (
    <Stack as="ul" listStyleType="none" gap="3" aria-label="Club applications">
      {applications.map((application) => (
        <li key={application.id}>
          <Card.Root variant="outline" size="sm">
            <Card.Body>
              <HStack gap="3" align="flex-start">
                {selection && (
                  <SelectApplication application={application} selection={selection} mt="1" boxSize="5" />
                )}
                <chakra.button
                  type="button"
                  flex="1"
                  minW="0"
                  textAlign="start"
                  onClick={() => onOpen(application.id)}
                  focusVisibleRing="outside"
                  borderRadius="sm"
                >
                  <HStack justify="space-between" gap="2">
                    <Stack gap="1" minW="0">
                      <NameAndEmail application={application} weight="semibold" />
                      {application.location && (
                        <Text fontSize="sm" color="fg.muted">
                          {application.location}
                        </Text>
                      )}
                      <HStack gap="2">
                        <StatusBadge status={application.applicationStatus} />
                        <RelativeTime value={application.createdAt} fontSize="xs" color="fg.muted" />
                      </HStack>
                    </Stack>
                    <LuChevronRight aria-hidden="true" />
                  </HStack>
                </chakra.button>
              </HStack>
            </Card.Body>
          </Card.Root>
        </li>
      ))}
    </Stack>
  );
}
