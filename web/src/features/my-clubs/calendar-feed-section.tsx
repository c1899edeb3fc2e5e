import { Alert, Button, Field, HStack, Input, Link, Spinner, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LuCalendarPlus, LuCopy } from 'react-icons/lu';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { LoadError } from '../../components/load-error';
import { SectionCard } from '../../components/section-card';
import { formatDate } from '../../lib/format';
import { notifyError, notifySuccess } from '../../lib/toaster';
import { errorMessageOf } from '../../lib/user-errors';
import { CALENDAR_FEED_TEXTS as T, CALENDAR_FEED_TOASTS as TOASTS } from './calendar-feed-texts';
import { useCalendarFeed, type IssuedFeed } from './use-calendar-feed';

/** My clubs' "Subscribe in your calendar": the member's private feed address, shown when it is made
 *  or replaced, with Copy and a webcal: link; "Get a new link" replaces it after a confirmation. */
export function CalendarFeedSection() {
  const { feed, error, retry, issued, create, rotate } = useCalendarFeed();
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);

  const run = async (action: () => Promise<void>, rotated: boolean) => {
    setBusy(true);
    try {
      await action();
      if (rotated) notifySuccess(TOASTS.rotated, TOASTS.rotatedDescription);
    } catch (cause) {
      console.error('Making the calendar link failed:', cause);
      notifyError(TOASTS.failedTitle, errorMessageOf(cause) ?? TOASTS.failed);
      retry();
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };

  return (
    <SectionCard level="h2" icon={<LuCalendarPlus aria-hidden="true" />} title={T.title} description={T.description}>
      <Stack gap="4">
        {feed === undefined && !error && (
          <HStack gap="2" color="fg.muted">
            <Spinner size="sm" />
            <Text>Checking your calendar link...</Text>
          </HStack>
        )}
        {feed === undefined && error && <LoadError title={T.loadFailed} onRetry={retry} />}
        {issued && <IssuedLink feed={issued} />}
        {!issued && feed && (
          <Stack gap="1">
            <Text>{T.madeOn(formatDate(feed.createdAt))}</Text>
            <Text color="fg.muted">{T.lostIt}</Text>
          </Stack>
        )}
        {!issued && feed === null && (
          <HStack>
            <Button colorPalette="teal" loading={busy} loadingText={T.gettingLink} onClick={() => void run(create, false)}>
              {T.getLink}
            </Button>
          </HStack>
        )}
        {(issued || feed) && (
          <HStack>
            <Button variant="outline" disabled={busy} onClick={() => setConfirming(true)}>
              {T.newLink}
            </Button>
          </HStack>
        )}
      </Stack>
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={T.confirmTitle}
        question={T.confirmQuestion}
        confirmLabel={T.newLink}
        busyLabel={T.gettingNewLink}
        busy={busy}
        onConfirm={() => void run(rotate, true)}
      />
    </SectionCard>
  );
}

function IssuedLink({ feed }: { feed: IssuedFeed }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(feed.url);
      notifySuccess(TOASTS.copied);
    } catch (cause) {
      console.error('Copying the calendar link failed:', cause);
      notifyError(TOASTS.copyFailed);
    }
  };
  return (
    <Stack gap="3">
      <Field.Root>
        <Field.Label>{T.linkLabel}</Field.Label>
        <HStack width="full">
          <Input readOnly value={feed.url} fontFamily="mono" onFocus={(event) => event.currentTarget.select()} />
          <Button variant="outline" onClick={() => void copy()}>
            <LuCopy aria-hidden="true" />
            {T.copy}
          </Button>
        </HStack>
        <Field.HelperText>{T.linkHelp}</Field.HelperText>
      </Field.Root>
      <Link href={feed.webcalUrl} colorPalette="teal" color="colorPalette.fg" alignSelf="flex-start">
        <LuCalendarPlus aria-hidden="true" />
        {T.openInApp}
      </Link>
      <Alert.Root status="warning">
        <Alert.Indicator />
        <Alert.Description>{T.keepPrivate}</Alert.Description>
      </Alert.Root>
    </Stack>
  );
}
