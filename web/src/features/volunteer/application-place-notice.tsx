import { Alert, HStack, Stack } from '@chakra-ui/react';
import type { VolunteerApplicationStatus } from '../../gql/graphql';
import { formatDateTime } from '../../lib/format';
import { OfferAnswerButtons } from './offer-answer-buttons';
import { WAITLIST_TEXTS } from './volunteer-texts';

interface ApplicationPlaceNoticeProps {
  application: {
    id: string;
    status: VolunteerApplicationStatus;
    linePosition?: number | null;
    offerExpiresAt?: string | null;
    canAnswerOffer?: boolean;
  };
  title: string;
  /** The volunteer's own view: the offer's buttons are theirs only. */
  answerable: boolean;
  /** A card's compact notice: no explanation line. */
  compact?: boolean;
}

/** Where an application stands in its position's line: its number on the waiting list, a place
 *  offered until a deadline (with Accept place / Decline), or an offer that ran out. Nothing for
 *  the other statuses. */
export function ApplicationPlaceNotice({ application, title, answerable, compact = false }: ApplicationPlaceNoticeProps) {
  const { status } = application;
  if (status === 'WAITLISTED' && application.linePosition) {
    return (
      <Alert.Root status="info" colorPalette="purple" size="sm">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{WAITLIST_TEXTS.inLine(application.linePosition)}</Alert.Title>
          {!compact && <Alert.Description>{WAITLIST_TEXTS.inLineExplained}</Alert.Description>}
        </Alert.Content>
      </Alert.Root>
    );
  }
  if (status === 'OFFERED') {
    const open = !!application.offerExpiresAt && application.canAnswerOffer !== false;
    return (
      <Alert.Root status={open ? 'info' : 'warning'} size="sm">
        <Alert.Indicator />
        <Stack gap="3" flex="1">
          <Alert.Content>
            <Alert.Title>{open ? WAITLIST_TEXTS.offeredTitle(formatDateTime(application.offerExpiresAt!)) : WAITLIST_TEXTS.offerEnded}</Alert.Title>
            {!compact && open && <Alert.Description>{WAITLIST_TEXTS.offeredExplained}</Alert.Description>}
          </Alert.Content>
          {answerable && application.canAnswerOffer && (
            <HStack gap="2" flexWrap="wrap">
              <OfferAnswerButtons applicationId={application.id} title={title} />
            </HStack>
          )}
        </Stack>
      </Alert.Root>
    );
  }
  if (status === 'LAPSED') {
    return (
      <Alert.Root status="warning" size="sm">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{WAITLIST_TEXTS.lapsedTitle}</Alert.Title>
          {!compact && <Alert.Description>{WAITLIST_TEXTS.lapsedExplained}</Alert.Description>}
        </Alert.Content>
      </Alert.Root>
    );
  }
  return null;
}
