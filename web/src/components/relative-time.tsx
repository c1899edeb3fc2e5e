import { chakra, type HTMLChakraProps } from '@chakra-ui/react';
import { formatDateTime } from '../lib/format';
import { formatRelative } from '../lib/format-relative';
import { useMinuteTick } from '../lib/use-minute-tick';

interface RelativeTimeProps extends Omit<HTMLChakraProps<'time'>, 'children' | 'dateTime'> {
  value: string;
}

/** '5 minutes ago', kept current; the exact time is in the tooltip and the datetime attribute. */
export function RelativeTime({ value, ...props }: RelativeTimeProps) {
  useMinuteTick();
  return (
    <chakra.time dateTime={value} title={formatDateTime(value)} {...props}>
      {formatRelative(value)}
    </chakra.time>
  );
}
