// LIKE patterns from what a user typed: their % _ and \ match themselves.

/** `%term%`: matches text containing `term` (with LIKE's default escape, the backslash). */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
