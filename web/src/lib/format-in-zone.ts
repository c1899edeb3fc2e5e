// formatDateTime as the clock reads in a given IANA time zone rather than the browser's: a
// member's digest comes at the hour they chose in the zone they chose, which need not be this
// device's. A module of its own, so that the zone support (@date-fns/tz) stays out of the chunk
// that every page shares with lib/format.ts.
import { tz } from '@date-fns/tz';
import { format } from 'date-fns';
import { DATE_TIME } from './format';

/** e.g. 'Dec 2, 2026 at 8:00 AM', read in `timeZone`. */
export function formatDateTimeIn(value: Date | string, timeZone: string): string {
  return format(new Date(value), DATE_TIME, { in: tz(timeZone) });
}
