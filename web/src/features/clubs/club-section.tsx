import { Card, Heading } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** A titled panel of the club page. */
export function ClubSection({ title, children }: { title: string; children: ReactNode }) {
  const id = `club-section-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return (
    <Card.Root as="section" aria-labelledby={id} variant="outline">
      <Card.Header>
        <Heading as="h2" size="lg" id={id}>
          {title}
        </Heading>
      </Card.Header>
      <Card.Body gap="3">{children}</Card.Body>
    </Card.Root>
  );
}
