import { Field, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { format } from 'date-fns';
import { useEffect, useState } from 'react';
import { dateRangeError } from '@clubroom/rules/admin';

interface DateRangeFieldsProps {
  labels: { from: string; to: string };
  /** The range applied: 'YYYY-MM-DD', or '' for none. */
  from: string;
  to: string;
  /** Called with a range the picker's rules accept. */
  onApply: (from: string, to: string) => void;
  /** Makes the controls' ids unique where two copies of one form are on the page. */
  idPrefix: string;
}

const today = () => format(new Date(), 'yyyy-MM-dd');

/** A from/to pair of dates with the date picker's rules (spec section 5): no future day, the
 *  from-date not after the to-date. A range they refuse is shown with its message, not applied. */
export function DateRangeFields({ labels, from: appliedFrom, to: appliedTo, onApply, idPrefix }: DateRangeFieldsProps) {
  const [from, setFrom] = useState(appliedFrom);
  const [to, setTo] = useState(appliedTo);
  useEffect(() => setFrom(appliedFrom), [appliedFrom]);
  useEffect(() => setTo(appliedTo), [appliedTo]);
  const max = today();
  const error = dateRangeError(from || null, to || null, max);
  const errorId = `${idPrefix}-dates-error`;

  const change = (nextFrom: string, nextTo: string) => {
    setFrom(nextFrom);
    setTo(nextTo);
    if (!dateRangeError(nextFrom || null, nextTo || null, max)) onApply(nextFrom, nextTo);
  };

  return (
    <Stack gap="1.5">
      <SimpleGrid columns={2} gap="3" w="full">
        <Field.Root invalid={!!error} ids={{ control: `${idPrefix}-from` }}>
          <Field.Label>{labels.from}</Field.Label>
          <Input
            size="sm"
            type="date"
            value={from}
            max={to && to < max ? to : max}
            aria-describedby={error ? errorId : undefined}
            onChange={(event) => change(event.target.value, to)}
          />
        </Field.Root>
        <Field.Root invalid={!!error} ids={{ control: `${idPrefix}-to` }}>
          <Field.Label>{labels.to}</Field.Label>
          <Input
            size="sm"
            type="date"
            value={to}
            min={from || undefined}
            max={max}
            aria-describedby={error ? errorId : undefined}
            onChange={(event) => change(from, event.target.value)}
          />
        </Field.Root>
      </SimpleGrid>
      {error && (
        <Text id={errorId} role="alert" fontSize="sm" color="fg.error">
          {error}
        </Text>
      )}
    </Stack>
  );
}
