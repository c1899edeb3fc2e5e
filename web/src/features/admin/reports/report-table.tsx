import { Table } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface ReportColumn<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  numeric?: boolean;
}

interface ReportTableProps<Row> {
  /** Names the table (and its scrolling region) for screen readers. */
  label: string;
  columns: ReportColumn<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string;
}

/** A report's figures as a table: the accessible form of its chart. */
export function ReportTable<Row>({ label, columns, rows, rowKey }: ReportTableProps<Row>) {
  return (
    // Focusable, so that a keyboard can scroll it when it is wider than the screen.
    <Table.ScrollArea borderWidth="1px" borderRadius="md" tabIndex={0} role="region" aria-label={label}>
      <Table.Root size="sm" aria-label={label}>
        <Table.Header>
          <Table.Row>
            {columns.map((column) => (
              <Table.ColumnHeader key={column.header} textAlign={column.numeric ? 'end' : 'start'} scope="col">
                {column.header}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((row) => (
            <Table.Row key={rowKey(row)}>
              {columns.map((column) => (
                <Table.Cell key={column.header} textAlign={column.numeric ? 'end' : 'start'} wordBreak={column.numeric ? undefined : 'break-word'}>
                  {column.cell(row)}
                </Table.Cell>
              ))}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
