// What a module lists of its public pages for the sitemap (app/sitemap.ts): the rows anyone may
// see, by id, a range at a time. The sitemap reads them in id order (the primary key's index),
// one batch after another, so however many there are, only one batch is in memory.

/** One public page's row: its database id and when it last changed. */
export interface PublicEntry {
  id: string;
  updatedAt: Date;
}

/** A range of a module's public rows in id order: skip `skip` rows after the id `after` (or from
 *  the start), then take at most `limit`. The sitemap skips once, to where a sitemap page starts,
 *  and continues each batch after the last id read (keyset). */
export interface PublicRange {
  after: string | null;
  skip: number;
  limit: number;
}
