import { Card, HStack, Stat } from '@chakra-ui/react';
import type { ReactNode } from 'react';

interface StatCardProps {
  label: string;
  /** None yet: a dash. */
  value: ReactNode | undefined;
  /** A note under the value. */
  help?: ReactNode;
  /** A decorative icon beside the label. */
  icon?: ReactNode;
}

/** One figure (the panel's counters, a report's figures): a label, the value and a note. */
export function StatCard({ label, value, help, icon }: StatCardProps) {
  return (
    <Card.Root variant="outline" size="sm">
      <Card.Body>
        <Stat.Root>
          <Stat.Label>
            {icon ? (
              <HStack as="span" justify="space-between" w="full">
                {label}
                <span aria-hidden="true">{icon}</span>
              </HStack>
            ) : (
              label
            )}
          </Stat.Label>
          <Stat.ValueText wordBreak="break-word">{value ?? '–'}</Stat.ValueText>
          {/* A <dd> like the value: a <dl> may hold only <dt> and <dd> (Chakra's help text is a <span>). */}
          {help && <Stat.HelpText as="dd">{help}</Stat.HelpText>}
        </Stat.Root>
      </Card.Body>
    </Card.Root>
  );
}
