// Pieces the list's table and cards and the dashboard draw the same way.
import { Stack, Text, chakra, type HTMLChakraProps } from '@chakra-ui/react';
import type { Approvals_ListItemFragment } from '../../../gql/graphql';

export interface Selection {
  /** Ticked rows (pending ones only). */
  selected: ReadonlySet<string>;
  toggle: (id: string, on: boolean) => void;
  /** Ticks (or clears) every pending row of the page. */
  toggleAll: (on: boolean) => void;
}

type SelectApplicationProps = { application: Approvals_ListItemFragment; selection: Selection } & Omit<HTMLChakraProps<'input'>, 'type' | 'checked' | 'onChange'>;

/** An application's tick box: only pending applications can be ticked (spec section 4). */
export function SelectApplication({ application, selection, ...style }: SelectApplicationProps) {
  return (
    <chakra.input
      type="checkbox"
      accentColor="teal.solid"
      aria-label={`Select ${application.name}`}
      disabled={application.applicationStatus !== 'PENDING'}
      checked={selection.selected.has(application.id)}
      onChange={(event) => selection.toggle(application.id, event.target.checked)}
      {...style}
    />
  );
}

/** An application's name over its contact email, each on one line. */
export function NameAndEmail({ application, weight = 'medium' }: { application: Pick<Approvals_ListItemFragment, 'name' | 'contactEmail'>; weight?: 'medium' | 'semibold' }) {
  return (
    <Stack gap="0" minW="0">
      <Text fontWeight={weight} truncate>
        {application.name}
      </Text>
      <Text fontSize="sm" color="fg.muted" truncate>
        {application.contactEmail}
      </Text>
    </Stack>
  );
}
