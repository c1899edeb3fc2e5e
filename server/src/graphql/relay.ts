// The API's list and identity conventions (docs/API.md, 'Conventions'): opaque global ids, the
// Node interface, and Relay-style connections paged by keyset cursors.
import { ArgsType, Field, ID, Int, InterfaceType, ObjectType, type ClassType } from 'type-graphql';
import { sql, type SQL } from 'drizzle-orm';
import { AppError, errors } from '../lib/errors.js';

// ---------------------------------------------------------------------------------------------
// Global ids: base64url of "Type:databaseId". Opaque to clients; one id names one object.

/** Where an id is written before its encoding: no Buffer made per id. (A cache of encoded ids
 *  was dropped: hashing the key cost as much as encoding it, and with many members' pages the
 *  cache churned and cost three times as much; bench/profile.ts inbox.) */
const scratch = Buffer.allocUnsafe(256);

export function toGlobalId(type: string, id: string): string {
  const plain = `${type}:${id}`;
  if (plain.length * 3 > scratch.length) return Buffer.from(plain, 'utf8').toString('base64url');
  return scratch.toString('base64url', 0, scratch.write(plain, 0, 'utf8'));
}

/** The type and database id a global id names, or null when it is not one of ours. */
export function fromGlobalId(globalId: unknown): { type: string; id: string } | null {
  if (typeof globalId !== 'string' || globalId.length === 0 || globalId.length > 200 || !/^[A-Za-z0-9_-]+$/.test(globalId)) return null;
  const decoded = Buffer.from(globalId, 'base64url').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0) return null;
  const type = decoded.slice(0, colon);
  const id = decoded.slice(colon + 1);
  if (!/^[A-Z][A-Za-z]*$/.test(type) || !UUID.test(id)) return null;
  // Only the canonical encoding names an object (no second spelling of the same id).
  if (toGlobalId(type, id) !== globalId) return null;
  return { type, id };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The database id of a global id of `type`, or null (unknown format or another type). */
export function databaseId(globalId: unknown, type: string): string | null {
  const parsed = fromGlobalId(globalId);
  return parsed && parsed.type === type ? parsed.id : null;
}

/**
 * The database id of a global id of `type`; otherwise a rule violation on `field`: NOT_FOUND with
 * `message` when one is given (an id that names nothing of that type), else BAD_USER_INPUT.
 */
export function requireDatabaseId(globalId: unknown, type: string, field: string, notFoundMessage?: string): string {
  const id = databaseId(globalId, type);
  if (id) return id;
  if (notFoundMessage) throw new AppError('NOT_FOUND', notFoundMessage, { [field]: notFoundMessage });
  const message = `Invalid ${type} ID`;
  throw errors.validation(message, { [field]: message });
}

/** Every object with a global id. Rows carry their database id; the id field encodes it. */
@InterfaceType('Node', {
  description: 'An object with a global id: fetch any of them again with `node(id:)` or `nodes(ids:)`.',
  resolveType: (value) => nodeTypeOf(value),
})
export abstract class Node {
  @Field(() => ID, { description: 'The global id: opaque, stable, unique across every type.' })
  id!: string;
}

/** Marks a row with the GraphQL type it is, for answers typed as Node. */
export const NODE_TYPE = Symbol('nodeType');

/** The GraphQL type of an object answered as Node (asNode marked it). */
export const nodeTypeOf = (value: unknown): string | undefined => (value as { [NODE_TYPE]?: string })[NODE_TYPE];

export function asNode<T extends object>(type: string, row: T): T {
  return Object.assign(row, { [NODE_TYPE]: type });
}

// ---------------------------------------------------------------------------------------------
// Connections.

@ObjectType({ description: 'Where a page of a connection sits in the whole list.' })
export class PageInfo {
  @Field(() => Boolean, { description: 'Whether there are items after this page (ask with `after: endCursor`).' })
  hasNextPage!: boolean;

  @Field(() => Boolean, { description: 'Whether there are items before this page (ask with `before: startCursor`).' })
  hasPreviousPage!: boolean;

  @Field(() => String, { nullable: true, description: 'The cursor of the first item of the page; null for an empty page.' })
  startCursor!: string | null;

  @Field(() => String, { nullable: true, description: 'The cursor of the last item of the page; null for an empty page.' })
  endCursor!: string | null;
}

export interface Edge<T> {
  cursor: string;
  node: T;
}

export interface ConnectionResult<T> {
  edges: Edge<T>[];
  nodes: T[];
  pageInfo: PageInfo;
  totalCount?: number | Promise<number>;
}

/** A page whose total is counted only when read: a client that does not ask for `totalCount`
 *  pays for no count, and one that does pays once.
 *
 *  The count is a getter of the class, never an accessor defined on each page
 *  (`Object.defineProperty(page, 'totalCount', { get })`): V8 gives each object so made a hidden
 *  class of its own, which the next one's derives from, and the scavenger then keeps every
 *  request's objects alive until a full collection (docs/BENCHMARKS.md, 'The inbox's p99'). */
export class LazyCountConnection<T> implements ConnectionResult<T> {
  #count: (() => Promise<number>) | undefined;
  #counted: Promise<number> | undefined;

  constructor(
    readonly edges: Edge<T>[],
    readonly nodes: T[],
    readonly pageInfo: PageInfo,
    count: () => Promise<number>,
  ) {
    this.#count = count;
  }

  get totalCount(): Promise<number> {
    if (!this.#counted) {
      this.#counted = this.#count!();
      this.#count = undefined;
    }
    return this.#counted;
  }

  /** The same page with its items replaced (same cursors, same order), sharing the count. */
  withEdges<U>(edges: Edge<U>[]): LazyCountConnection<U> {
    return new LazyCountConnection(edges, edges.map((e) => e.node), this.pageInfo, () => this.totalCount);
  }
}

/** A Connection type of `item`: `XEdge` and `XConnection`, with or without totalCount. Subclass it:
 *  `@ObjectType(...) class MessageConnection extends connectionOf(Message, 'Message') {}` */
export function connectionOf<T extends object>(item: ClassType<T>, name: string, options: { totalCount?: string } = {}) {
  @ObjectType(`${name}Edge`, { description: `One ${name} of a page, with its cursor.` })
  class EdgeType {
    @Field(() => String, { description: 'Pass as `after` or `before` to page from this item.' })
    cursor!: string;

    @Field(() => item, { description: 'The item.' })
    node!: T;
  }

  // A base for subclasses to inherit fields from; never referenced itself, so never emitted.
  @ObjectType()
  abstract class ConnectionType {
    @Field(() => [EdgeType], { description: 'The page, with a cursor for every item.' })
    edges!: EdgeType[];

    @Field(() => [item], { description: 'The page, without cursors.' })
    nodes!: T[];

    @Field(() => PageInfo, { description: 'Cursors and whether more pages exist either way.' })
    pageInfo!: PageInfo;
  }

  if (!options.totalCount) return ConnectionType;

  // A base for subclasses to inherit fields from; never referenced itself, so never emitted.
  @ObjectType()
  abstract class CountedConnectionType extends ConnectionType {
    @Field(() => Int, { description: options.totalCount })
    totalCount!: number;
  }
  return CountedConnectionType;
}

/** The paging arguments of every connection field. */
@ArgsType()
export class PageArgs {
  @Field(() => Int, { nullable: true, description: 'How many items from the start or after `after` (1 to 100).' })
  first?: number | null;

  @Field(() => String, { nullable: true, description: 'The `endCursor` (or any edge cursor) to continue after.' })
  after?: string | null;

  @Field(() => Int, { nullable: true, description: 'How many items from the end or before `before` (1 to 100).' })
  last?: number | null;

  @Field(() => String, { nullable: true, description: 'The `startCursor` (or any edge cursor) to continue before.' })
  before?: string | null;
}

export const MAX_PAGE_SIZE = 100;

/** What a connection's arguments ask for: a direction, a size, and the cursor to start from. */
export interface PageRequest<K> {
  /** true: in the list's order from the start or after `cursor`; false: the last `size` before `cursor`. */
  forward: boolean;
  size: number;
  cursor: K | null;
  /** Whether the caller passed a cursor on the other side (it then knows items exist beyond it). */
  hasAfter: boolean;
  hasBefore: boolean;
  /** The list's name: its cursors carry it, and a cursor of another list is refused. */
  list: string;
}

/** Checks paging arguments: first or last (not both) from 1 to 100, cursors of this list. */
export function pageRequest<K>(args: PageArgs, decode: (values: unknown[]) => K | null, defaultSize: number, list: string): PageRequest<K> {
  const { first, last, after, before } = args;
  if (first != null && last != null) throw errors.validation('Pass first or last, not both.', { first: 'Pass first or last, not both.' });
  for (const [name, value] of [['first', first], ['last', last]] as const) {
    if (value != null && (!Number.isInteger(value) || value < 1 || value > MAX_PAGE_SIZE)) {
      throw errors.validation(`${name} must be between 1 and ${MAX_PAGE_SIZE}.`, { [name]: `${name} must be between 1 and ${MAX_PAGE_SIZE}.` });
    }
  }
  const forward = last == null && !(before != null && first == null);
  const size = (forward ? first : last) ?? defaultSize;
  const raw = forward ? after : before;
  const cursor = raw == null ? null : decodeCursor(raw, decode, forward ? 'after' : 'before', list);
  if (forward && before != null) decodeCursor(before, decode, 'before', list);
  if (!forward && after != null) decodeCursor(after, decode, 'after', list);
  return { forward, size, cursor, hasAfter: after != null, hasBefore: before != null, list };
}

// A cursor is base64url of a JSON array: the list's name, then the keyset values of its row.
export function encodeCursor(values: unknown[]): string {
  return Buffer.from(JSON.stringify(values), 'utf8').toString('base64url');
}

function decodeCursor<K>(cursor: string, decode: (values: unknown[]) => K | null, field: string, list: string): K {
  const message = 'Invalid cursor: pass a cursor this list gave you.';
  let values: unknown;
  try {
    if (!/^[A-Za-z0-9_-]{1,1000}$/.test(cursor)) throw new Error('not base64url');
    values = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw errors.validation(message, { [field]: message });
  }
  const key = Array.isArray(values) && values[0] === list ? decode(values.slice(1)) : null;
  if (key == null) throw errors.validation(message, { [field]: message });
  return key;
}

/** Cursor value checks for decoders. */
export const cursorValue = {
  uuid: (v: unknown): v is string => typeof v === 'string' && UUID.test(v),
  instant: (v: unknown): v is string => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/.test(v) && !Number.isNaN(Date.parse(v)),
  text: (v: unknown): v is string => typeof v === 'string' && v.length <= 500,
  int: (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v),
};

/** A key column of a keyset and the type its cursor value is cast to. */
export type KeyColumn = readonly [SQL, 'timestamptz' | 'date' | 'uuid' | 'text' | 'int8'];

/**
 * A timestamp with all its microseconds, as text for a cursor (a JS Date keeps milliseconds only,
 * and a cursor that rounds skips or repeats rows stamped in the same millisecond).
 */
export function preciseInstant(column: SQL | unknown): SQL<string> {
  return sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

/**
 * The keyset clauses of a page over a list ordered by `keys` (all in `order`, the last one unique):
 * the WHERE beyond the cursor, the ORDER BY to read in, and the LIMIT (one more than the page, to
 * know whether more exist). Read backwards for `last`/`before`; connectionFrom puts it right.
 */
export function keyset(keys: readonly KeyColumn[], order: 'asc' | 'desc', req: PageRequest<unknown[]>) {
  const ascending = (order === 'asc') === req.forward;
  const columns = keys.map(([column]) => column);
  const values = req.cursor?.map((v, i) => sql`cast(${v} as ${sql.raw(keys[i]![1])})`);
  const where = values ? sql`(${sql.join(columns, sql`, `)}) ${sql.raw(ascending ? '>' : '<')} (${sql.join(values, sql`, `)})` : undefined;
  const orderBy = columns.map((c) => (ascending ? sql`${c} asc` : sql`${c} desc`));
  return { where, orderBy, limit: req.size + 1 };
}

/** An edge whose cursor is encoded when first read: a client that asks only for `nodes` (the
 *  admin lists, the REST adapter) pays for no cursor, and the one it asks for is encoded once. */
class LazyEdge<T> {
  private encoded: string | undefined;
  constructor(
    readonly node: T,
    private readonly page: { list: string; cursorOf: (row: T) => unknown[] },
  ) {}
  get cursor(): string {
    return (this.encoded ??= encodeCursor([this.page.list, ...this.page.cursorOf(this.node)]));
  }
}

/** pageInfo with the first and last edges' cursors, likewise encoded only when read. */
class LazyPageInfo {
  constructor(
    readonly hasNextPage: boolean,
    readonly hasPreviousPage: boolean,
    private readonly pageEdges: readonly { cursor: string }[],
  ) {}
  get startCursor(): string | null {
    return this.pageEdges[0]?.cursor ?? null;
  }
  get endCursor(): string | null {
    return this.pageEdges.at(-1)?.cursor ?? null;
  }
}

/** A connection from rows read by `keyset` (in reading order, up to size + 1 of them). */
export function connectionFrom<T>(rows: T[], req: PageRequest<unknown>, cursorOf: (row: T) => unknown[], count: () => Promise<number>): LazyCountConnection<T>;
export function connectionFrom<T>(rows: T[], req: PageRequest<unknown>, cursorOf: (row: T) => unknown[], totalCount?: number): ConnectionResult<T>;
export function connectionFrom<T>(rows: T[], req: PageRequest<unknown>, cursorOf: (row: T) => unknown[], totalCount?: number | (() => Promise<number>)): ConnectionResult<T> {
  const more = rows.length > req.size;
  const page = more ? rows.slice(0, req.size) : rows;
  if (!req.forward) page.reverse();
  const keys = { list: req.list, cursorOf };
  const edges = page.map((node) => new LazyEdge(node, keys));
  const pageInfo = new LazyPageInfo(req.forward ? more : req.hasBefore, req.forward ? req.hasAfter : more, edges);
  if (typeof totalCount === 'function') return new LazyCountConnection(edges, page, pageInfo, totalCount);
  return totalCount === undefined ? { edges, nodes: page, pageInfo } : { edges, nodes: page, pageInfo, totalCount };
}

/** A connection over a list already in memory (short, bounded lists such as one club's positions). */
export function connectionOfList<T>(all: T[], args: PageArgs, cursorOf: (row: T) => unknown[], defaultSize: number, list: string): ConnectionResult<T> {
  const keys = all.map((row) => JSON.stringify(cursorOf(row)));
  const req = pageRequest(args, (values) => values, defaultSize, list);
  const at = req.cursor ? keys.indexOf(JSON.stringify(req.cursor)) : -1;
  if (req.cursor && at < 0) throw errors.validation('Invalid cursor: pass a cursor this list gave you.', { [req.forward ? 'after' : 'before']: 'Invalid cursor: pass a cursor this list gave you.' });
  const rows = req.forward ? all.slice(req.cursor ? at + 1 : 0) : all.slice(0, req.cursor ? at : all.length).reverse();
  return connectionFrom(rows.slice(0, req.size + 1), req, cursorOf, all.length);
}
