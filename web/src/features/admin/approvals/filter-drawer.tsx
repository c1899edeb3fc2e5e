import { Button, CloseButton, Drawer, Portal, Stack } from '@chakra-ui/react';
import type { ApplicationListFilters } from '@clubroom/rules/admin';
import { SubmittedDates, LocationField, PageSizeSelect, SearchFieldsChoice, SortFields, StatusSelect } from './list-filter-fields';

interface FilterDrawerProps {
  open: boolean;
  onClose: () => void;
  draft: ApplicationListFilters;
  update: (patch: Partial<ApplicationListFilters>) => void;
  onClear: () => void;
}

/** The phone's filters: a bottom sheet (spec section 2). */
export function FilterDrawer({ open, onClose, draft, update, onClear }: FilterDrawerProps) {
  const props = { draft, update, idPrefix: 'sheet' };
  return (
    <Drawer.Root open={open} onOpenChange={(details) => !details.open && onClose()} placement="bottom" lazyMount unmountOnExit>
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content roundedTop="l3" maxH="85dvh">
            <Drawer.Header>
              <Drawer.Title>Filter Applications</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body>
              <Stack gap="4">
                <StatusSelect {...props} />
                <SearchFieldsChoice {...props} />
                <SubmittedDates {...props} />
                <LocationField {...props} />
                <SortFields {...props} />
                <PageSizeSelect {...props} />
              </Stack>
            </Drawer.Body>
            <Drawer.Footer>
              <Button variant="outline" onClick={onClear}>
                Clear All Filters
              </Button>
              <Button colorPalette="teal" onClick={onClose}>
                Show Results
              </Button>
            </Drawer.Footer>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close filters" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
