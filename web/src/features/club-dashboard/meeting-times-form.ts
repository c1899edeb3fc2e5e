// The meeting times editor's form: rows as edited, checked by the shared rules.
import { z } from 'zod';
import {
  isCompleteMeetingTime,
  meetingTimesRules,
  type MeetingTimeRow,
} from '@clubroom/rules/clubs';
import type { ClubDashboard_MeetingTimeFragment } from '../../gql/graphql';

export const meetingTimesFormRules = z.object({ times: meetingTimesRules });

export interface MeetingTimesFormValues {
  times: MeetingTimeRow[];
}

export const EMPTY_MEETING_TIME: MeetingTimeRow = { dayOfWeek: null, startTime: '', endTime: '' };

/** The saved times as rows; the editor starts with one empty row when there are none. */
export function toMeetingTimeRows(times: readonly ClubDashboard_MeetingTimeFragment[]): MeetingTimesFormValues {
  if (times.length === 0) return { times: [{ ...EMPTY_MEETING_TIME }] };
  return { times: times.map(({ dayOfWeek, startTime, endTime }) => ({ dayOfWeek, startTime, endTime })) };
}

/** The server checks only the complete rows it is sent, so its `times.N.field` errors name the
 *  Nth complete row: this maps them back to the row on screen. */
export function toFormFieldErrors(rows: readonly MeetingTimeRow[], fields: Record<string, string> | undefined) {
  const complete = rows.flatMap((row, index) => (isCompleteMeetingTime(row) ? [index] : []));
  const mapped: { name: `times.${number}.${'dayOfWeek' | 'startTime' | 'endTime'}`; message: string }[] = [];
  for (const [key, message] of Object.entries(fields ?? {})) {
    const match = /^times\.(\d+)\.(dayOfWeek|startTime|endTime)$/.exec(key);
    const row = match ? complete[Number(match[1])] : undefined;
    if (match && row !== undefined) {
      mapped.push({ name: `times.${row}.${match[2] as 'dayOfWeek' | 'startTime' | 'endTime'}`, message });
    }
  }
  return mapped;
}
