import { Button, HStack, Text } from '@chakra-ui/react';
import { LuChevronLeft, LuChevronRight } from 'react-icons/lu';

interface PageNavProps {
  /** Names the navigation landmark (e.g. 'Audit log pages'). */
  label: string;
  page: number;
  totalPages: number;
  /** The numbered buttons to show, with 'ellipsis' for a gap (admin.rules' pageButtons or
   *  auditPageButtons). */
  buttons: (number | 'ellipsis')[];
  onPage: (page: number) => void;
}

/** Previous, the numbered pages and Next; nothing when there is only one page. */
export function PageNav({ label, page, totalPages, buttons, onPage }: PageNavProps) {
  if (totalPages <= 1) return null;
  return (
    <HStack as="nav" aria-label={label} gap="1" flexWrap="wrap" justify="center">
      <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <LuChevronLeft aria-hidden /> Previous
      </Button>
      {buttons.map((item, index) =>
        item === 'ellipsis' ? (
          <Text key={`gap-${index}`} as="span" px="2" color="fg.muted" aria-hidden>
            …
          </Text>
        ) : (
          <Button
            key={item}
            size="sm"
            variant={item === page ? 'solid' : 'outline'}
            aria-label={`Page ${item}`}
            aria-current={item === page ? 'page' : undefined}
            onClick={() => onPage(item)}
          >
            {item}
          </Button>
        ),
      )}
      <Button size="sm" variant="outline" disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
        Next <LuChevronRight aria-hidden />
      </Button>
    </HStack>
  );
}

/** The page shown of a numbered list, and how many pages it has. */
export function pageOf<T>(connection: { nodes: T[]; totalCount: number } | undefined, pageSize: number) {
  return {
    nodes: connection?.nodes,
    totalCount: connection?.totalCount,
    totalPages: connection ? Math.ceil(connection.totalCount / pageSize) : 0,
  };
}
