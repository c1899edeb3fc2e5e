import { Link } from '@chakra-ui/react';
import { sessionCalendarPath } from '@clubroom/rules/calendar';
import { LuCalendarPlus } from 'react-icons/lu';

/** A session's or event's 'Add to calendar' file (`/clubs/{club id}/sessions/{session id}.ics`,
 *  one event in text/calendar), from the global ids of its club and itself. */
export function AddToCalendarLink({ clubId, sessionId, label = 'Add to calendar' }: { clubId: string; sessionId: string; label?: string }) {
  return (
    <Link href={sessionCalendarPath(clubId, sessionId)} download colorPalette="teal" color="colorPalette.fg" textStyle="sm">
      <LuCalendarPlus aria-hidden="true" />
      {label}
    </Link>
  );
}
