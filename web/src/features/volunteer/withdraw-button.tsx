import { Button } from '@chakra-ui/react';
import { useState } from 'react';
import { LuUndo2 } from 'react-icons/lu';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { useWithdrawApplication } from './use-withdraw-application';
import { WITHDRAW_TEXTS } from './volunteer-texts';

interface WithdrawButtonProps {
  applicationId: string;
  /** The opportunity's title, named in the dialog. */
  title: string;
  size?: 'xs' | 'sm' | 'md';
}

/** 'Withdraw' (pending applications only) with the spec's confirmation. */
export function WithdrawButton({ applicationId, title, size = 'sm' }: WithdrawButtonProps) {
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
        question={WITHDRAW_TEXTS.question}
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
