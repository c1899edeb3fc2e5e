import { Button } from '@chakra-ui/react';
import { useState } from 'react';
import { LuUndo2 } from 'react-icons/lu';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { useWithdrawApplication } from './use-withdraw-application';
import type { VolunteerApplicationStatus } from '../../gql/graphql';
import { withdrawQuestion } from './volunteer-format';

interface WithdrawButtonProps {
  applicationId: string;
  /** The opportunity's title, named in the dialog. */
  title: string;
  size?: 'xs' | 'sm' | 'md';
  /** Its status now: the question says what withdrawing gives up (a place, a place in line). */
  status?: VolunteerApplicationStatus;
}

/** 'Withdraw' (open applications) with the spec's confirmation; withdrawing a held place says it
 *  goes to the next in line. */
export function WithdrawButton({ applicationId, title, size = 'sm', status }: WithdrawButtonProps) {
  const [open, setOpen] = useState(false);
  const { withdraw, withdrawing } = useWithdrawApplication();
  return (
    <>
      <Button size={size} variant="outline" colorPalette="red" onClick={() => setOpen(true)}>
        <LuUndo2 aria-hidden="true" />
        Withdraw
      </Button>
      <ConfirmDialog
        open={open}
        onClose={() => setOpen(false)}
        title="Withdraw application"
        question={withdrawQuestion(status)}
        itemName={title}
        confirmLabel="Withdraw"
        busyLabel="Withdrawing..."
        busy={withdrawing}
        onConfirm={() => {
          void withdraw(applicationId).then((done) => done && setOpen(false));
        }}
      />
    </>
  );
}
