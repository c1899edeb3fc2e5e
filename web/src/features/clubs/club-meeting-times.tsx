import { DataList, Text } from '@chakra-ui/react';
import { weekdayName } from '@clubroom/rules/clubs-texts';
import type { MeetingTimeSummary_MeetingTimeFragment } from '../../gql/graphql';
import { timeRange } from './club-format';
import { ClubSection } from './club-section';

/** 'Weekly Meeting Times': day and start–end, by day then start. */
export function ClubMeetingTimes({ times }: { times: readonly MeetingTimeSummary_MeetingTimeFragment[] }) {
  return (
    <ClubSection title="Weekly Meeting Times">
      {times.length === 0 ? (
        <Text color="fg.muted">No meeting times published yet.</Text>
      ) : (
        <DataList.Root orientation="horizontal" gap="2">
          {times.map((time) => (
            <DataList.Item key={`${time.dayOfWeek}-${time.startTime}`}>
              <DataList.ItemLabel minW="7rem">{weekdayName(time.dayOfWeek)}</DataList.ItemLabel>
              <DataList.ItemValue fontVariantNumeric="tabular-nums">{timeRange(time)}</DataList.ItemValue>
            </DataList.Item>
          ))}
        </DataList.Root>
      )}
    </ClubSection>
  );
}
