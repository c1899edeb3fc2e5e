// Date formats of the spec (section 9).
import { format, formatDistanceToNow } from 'date-fns';

type DateInput = Date | string | number;

function toDate(value: DateInput): Date {
  return value instanceof Date ? value : new Date(value);
}

/** e.g. 'Mar 4, 2025 at 3:05 PM' */
export function formatDateTime(value: DateInput): string {
  return format(toDate(value), "MMM d, yyyy 'at' h:mm a");
}

/** e.g. 'Mar 4, 3:05 PM' */
export function formatShort(value: DateInput): string {
  return format(toDate(value), 'MMM d, h:mm a');
}

/** e.g. 'Mar 4, 2025' */
export function formatDate(value: DateInput): string {
  return format(toDate(value), 'MMM d, yyyy');
}

/** e.g. '5 minutes ago' */
export function formatRelative(value: DateInput): string {
  return formatDistanceToNow(toDate(value), { addSuffix: true });
}
