// Relative time ('5 minutes ago'), apart from format.ts: date-fns and its English locale (6 KB
// gzipped) load only with the pages that show it (the admin's), not with every page showing a date.
import { formatDistanceToNow } from 'date-fns';
import { toDate, type DateInput } from './format';

/** e.g. '5 minutes ago' */
export function formatRelative(value: DateInput): string {
  return formatDistanceToNow(toDate(value), { addSuffix: true });
}
