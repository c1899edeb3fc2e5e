import { Badge, HStack, Icon, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { LuCalendarDays, LuClock, LuMapPin, LuRepeat } from 'react-icons/lu';
import { formatCalendarDate } from '../../lib/format';

interface OpportunityFactsProps {
  location: string;
  /** Where the club is, when the position names no place. */
  clubLocation?: string | null;
  timeCommitment: string;
  startDate?: string | null;
  isRecurring?: boolean;
}

/** Where, how much time, from when, and whether it repeats: the facts given. */
export function OpportunityFacts({ location, clubLocation, timeCommitment, startDate, isRecurring }: OpportunityFactsProps) {
  const place = location || clubLocation || '';
  return (
    <Stack gap="1.5" textStyle="sm" color="fg.muted">
      {place && <Fact icon={<LuMapPin />} label="Location">{place}</Fact>}
      {timeCommitment && <Fact icon={<LuClock />} label="Time commitment">{timeCommitment}</Fact>}
      {startDate && <Fact icon={<LuCalendarDays />} label="Start date">Starts {formatCalendarDate(startDate)}</Fact>}
      {isRecurring && (
        <HStack gap="2">
          <Icon size="sm" flexShrink="0" aria-hidden="true">
            <LuRepeat />
          </Icon>
          <Badge colorPalette="blue" variant="subtle">
            Recurring
          </Badge>
        </HStack>
      )}
    </Stack>
  );
}

function Fact({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <HStack gap="2" alignItems="flex-start">
      <Icon size="sm" flexShrink="0" mt="0.5" aria-hidden="true">
        {icon}
      </Icon>
      <Text wordBreak="break-word">
        <VisuallyHidden>{label}: </VisuallyHidden>
        {children}
      </Text>
    </HStack>
  );
}
