// The columns a read answers with: every column of a table but its search document. The tsvector
// (about 40% of a club's or a position's row) exists for the search filters in SQL; no answer
// shows it, so lists and batched loads leave it in the database instead of sending and mapping it.
import { getTableColumns, type Table } from 'drizzle-orm';

/** A row as those reads answer it. */
export type Shown<Row> = Omit<Row, 'searchVector'>;

/** The table's columns without `searchVector`, for `db.select(...)`. */
export function shownColumns<T extends Table>(table: T): Omit<T['_']['columns'], 'searchVector'> {
  const { searchVector: _document, ...columns } = getTableColumns(table) as T['_']['columns'] & { searchVector?: unknown };
  return columns;
}
