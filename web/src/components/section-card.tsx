import { Card, Heading, HStack, Text } from '@chakra-ui/react';
import { useId, type ReactNode } from 'react';

interface SectionCardProps {
  title: string;
  /** The heading's level under the page's own headings. */
  level?: 'h2' | 'h3';
  /** An icon before the title (decorative). */
  icon?: ReactNode;
  /** A line under the title. */
  description?: ReactNode;
  children: ReactNode;
}

/** A titled card that is a landmark of its own (a region named by its heading). */
export function SectionCard({ title, level = 'h3', icon, description, children }: SectionCardProps) {
  const id = useId();
  const heading = (
    <Heading as={level} size="md" id={id}>
      {title}
    </Heading>
  );
  return (
    <Card.Root variant="outline" as="section" aria-labelledby={id}>
      <Card.Header>
        {icon ? (
          <HStack gap="2">
            {icon}
            {heading}
          </HStack>
        ) : (
          heading
        )}
        {description && (
          <Text fontSize="sm" color="fg.muted">
            {description}
          </Text>
        )}
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card.Root>
  );
}
