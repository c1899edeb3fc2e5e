import { Card, HStack, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

interface StatCardProps {
  label: string;
  value: number | undefined;
  help: string;
  icon: ReactNode;
}

/** One counter: label, value and a line of help. (Plain text: Chakra's Stat is a <dl>, and a help
 *  line is not a term or a definition.) */
export function StatCard({ label, value, help, icon }: StatCardProps) {
  return (
    <Card.Root variant="outline" size="sm">
      <Card.Body>
        <Stack gap="1">
          <HStack justify="space-between" color="fg.muted">
            <Text as="div" textStyle="sm" fontWeight="medium">
              {label}
            </Text>
            <Text as="span" aria-hidden="true">
              {icon}
            </Text>
          </HStack>
          <Text as="div" textStyle="2xl" fontWeight="bold">
            {value ?? '–'}
          </Text>
          <Text as="div" textStyle="xs" color="fg.muted">
            {help}
          </Text>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
