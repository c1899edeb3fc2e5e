import { Button, HStack, IconButton, Text } from '@chakra-ui/react';
import { LuChevronLeft, LuChevronRight } from 'react-icons/lu';
import { pageButtons } from '../../../../../server/src/modules/admin/admin.rules';

interface ListPaginationProps {
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
}

/** First, last and the current page ±1, with ellipses between gaps (spec section 2). */
export function ListPagination({ page, totalPages, onPage }: ListPaginationProps) {
  if (totalPages <= 1) return null;
  return (
    <HStack as="nav" aria-label="Pagination" gap="1" flexWrap="wrap" justify="center">
      <IconButton size="sm" variant="outline" aria-label="Previous page" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <LuChevronLeft />
      </IconButton>
      {pageButtons(page, totalPages).map((entry, index) =>
        entry === 'ellipsis' ? (
          <Text key={`gap-${index}`} px="2" color="fg.muted" aria-hidden="true">
            …
          </Text>
        ) : (
          <Button
            key={entry}
            size="sm"
            variant={entry === page ? 'solid' : 'outline'}
            aria-label={`Page ${entry}`}
            aria-current={entry === page ? 'page' : undefined}
            onClick={() => onPage(entry)}
          >
            {entry}
          </Button>
        ),
      )}
      <IconButton size="sm" variant="outline" aria-label="Next page" disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
        <LuChevronRight />
      </IconButton>
    </HStack>
  );
}
