import { Alert } from '@chakra-ui/react';
import { useEffect, useRef } from 'react';
import { THANK_YOU_TEXT } from './club-dashboard-texts';

/** Shown for a few seconds after the first profile save; brought into view, as the Save button
 *  that led here sits at the bottom of a long form. */
export function ThankYouBanner() {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.scrollIntoView({ behavior: 'smooth', block: 'center' });
  }, []);
  return (
    <Alert.Root ref={ref} status="success" role="status">
      <Alert.Indicator />
      <Alert.Title>{THANK_YOU_TEXT}</Alert.Title>
    </Alert.Root>
  );
}
