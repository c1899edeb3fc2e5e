// Sorts a render error into the categories of the error screen, each with recovery tips
// (administration spec, section 8).

export type ErrorCategory = 'chunk-load' | 'network' | 'permission' | 'type' | 'unknown';

export interface CategorizedError {
  category: ErrorCategory;
  tips: string[];
}

const TIPS: Record<ErrorCategory, string[]> = {
  'chunk-load': [
    'A part of the application could not be loaded, often because a new version was released.',
    'Refresh the page to load the latest version.',
    'If the problem continues, clear your browser cache and try again.',
  ],
  network: [
    'Check your internet connection.',
    'Try again in a few moments; the server may be briefly unavailable.',
  ],
  permission: [
    'You may not have permission to view this page.',
    'Try signing in again, or go back to the home page.',
  ],
  type: [
    'This looks like a problem in the application itself.',
    'Try again, or refresh the page. If it keeps happening, please let us know.',
  ],
  unknown: ['Try again, or refresh the page.', 'If the problem continues, go back to the home page.'],
};

function messageOf(error: unknown): string {
  if (error instanceof Error) return `${error.name} ${error.message}`;
  return String(error ?? '');
}

export function categorizeError(error: unknown): CategorizedError {
  const message = messageOf(error);
  let category: ErrorCategory = 'unknown';
  if (/ChunkLoadError|Loading chunk|Failed to fetch dynamically imported module|Importing a module script failed/i.test(message)) {
    category = 'chunk-load';
  } else if (/network|fetch/i.test(message)) {
    category = 'network';
  } else if (/permission|unauthori[sz]ed|forbidden|\b401\b|\b403\b/i.test(message)) {
    category = 'permission';
  } else if (error instanceof TypeError) {
    category = 'type';
  }
  return { category, tips: TIPS[category] };
}
