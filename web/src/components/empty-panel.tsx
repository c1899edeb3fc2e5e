import { EmptyState, VStack } from '@chakra-ui/react';
import type { ReactNode } from 'react';

interface EmptyPanelProps {
  icon: ReactNode;
  title: string;
  /** The title's heading level under the page's own headings. */
  titleAs?: 'h2' | 'h3' | 'h4';
  description?: ReactNode;
  /** 'md' (default): a panel of its own, framed by a dashed border; 'sm': inside a card. */
  size?: 'sm' | 'md';
  /** A way on (e.g. 'Clear All Filters'). */
  children?: ReactNode;
}

/** Nothing to show yet, said plainly: an icon, a title, why, and a way on if there is one. */
export function EmptyPanel({ icon, title, titleAs = 'h2', description, size = 'md', children }: EmptyPanelProps) {
  const framed = size === 'md' ? { borderWidth: '1px', borderStyle: 'dashed', borderRadius: 'lg' } : {};
  return (
    <EmptyState.Root size={size} {...framed}>
      <EmptyState.Content>
        <EmptyState.Indicator>{icon}</EmptyState.Indicator>
        <VStack textAlign="center">
          <EmptyState.Title as={titleAs}>{title}</EmptyState.Title>
          {description && <EmptyState.Description>{description}</EmptyState.Description>}
        </VStack>
        {children}
      </EmptyState.Content>
    </EmptyState.Root>
  );
}
