import { EmptyState, VStack } from '@chakra-ui/react';
import type { ReactNode } from 'react';

interface ListStatusProps {
  icon: ReactNode;
  title: string;
  description?: string;
  children?: ReactNode;
}

/** An empty, loading or failed state inside one of the Messages screen's panes. */
export function ListStatus({ icon, title, description, children }: ListStatusProps) {
  return (
    <EmptyState.Root size="sm" py="10">
      <EmptyState.Content>
        <EmptyState.Indicator>{icon}</EmptyState.Indicator>
        <VStack textAlign="center">
          <EmptyState.Title>{title}</EmptyState.Title>
          {description && <EmptyState.Description>{description}</EmptyState.Description>}
        </VStack>
        {children}
      </EmptyState.Content>
    </EmptyState.Root>
  );
}
