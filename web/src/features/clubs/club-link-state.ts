// What a directory card hands to the club page through the router's location state.

export interface ClubLinkState {
  /** The directory's query string ('?q=...&sport=...'), so 'Back to directory' keeps the search. */
  directorySearch: string;
}

export function directoryPath(state: unknown): string {
  const search = (state as Partial<ClubLinkState> | null)?.directorySearch;
  return typeof search === 'string' && search.startsWith('?') ? `/clubs${search}` : '/clubs';
}
