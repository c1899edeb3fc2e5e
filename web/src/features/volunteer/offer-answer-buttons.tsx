import { Button, VisuallyHidden } from '@chakra-ui/react';
import { useState } from 'react';
import { LuCheck, LuX } from 'react-icons/lu';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { useAnswerOffer } from './use-answer-offer';
import { WAITLIST_TEXTS } from './volunteer-texts';

interface OfferAnswerButtonsProps {
  applicationId: string;
  /** The opportunity's title: the buttons' accessible names and the confirmation name it. */
  title: string;
  size?: 'xs' | 'sm' | 'md';
}

/** 'Accept place' (at once) and 'Decline' (after a confirmation: the place goes to the next). */
export function OfferAnswerButtons({ applicationId, title, size = 'sm' }: OfferAnswerButtonsProps) {
  const [asking, setAsking] = useState(false);
  const [choice, setChoice] = useState<'ACCEPT' | 'DECLINE' | null>(null);
  const { answer } = useAnswerOffer();
  const run = async (which: 'ACCEPT' | 'DECLINE') => {
    setChoice(which);
    const done = await answer(applicationId, which);
    setChoice(null);
    if (done) setAsking(false);
  };
  return (
    <>
      <Button size={size} colorPalette="teal" loading={choice === 'ACCEPT'} disabled={choice !== null} onClick={() => void run('ACCEPT')}>
        <LuCheck aria-hidden="true" />
        {WAITLIST_TEXTS.accept}
        <VisuallyHidden>: {title}</VisuallyHidden>
      </Button>
      <Button size={size} variant="outline" colorPalette="red" disabled={choice !== null} onClick={() => setAsking(true)}>
        <LuX aria-hidden="true" />
        {WAITLIST_TEXTS.decline}
        <VisuallyHidden> the place: {title}</VisuallyHidden>
      </Button>
      <ConfirmDialog
        open={asking}
        onClose={() => setAsking(false)}
        title={WAITLIST_TEXTS.declineTitle}
        question={WAITLIST_TEXTS.declineQuestion}
        itemName={title}
        confirmLabel="Decline place"
        busyLabel="Declining..."
        busy={choice === 'DECLINE'}
        onConfirm={() => void run('DECLINE')}
      />
    </>
  );
}
