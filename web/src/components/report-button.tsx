import { Button, type ButtonProps } from '@chakra-ui/react';
import { useState } from 'react';
import { LuFlag } from 'react-icons/lu';
import { useAuth } from '../lib/use-auth';
import { ReportDialog, type ReportTarget } from './report-dialog';

interface ReportButtonProps extends Omit<ButtonProps, 'onClick' | 'children'> {
  target: ReportTarget;
  /** The account the item belongs to (a global Member id): nobody reports their own item. */
  ownerId?: string | null;
  /** Or the club it belongs to (a global Club id): not shown to that club's owner. */
  ownerClubId?: string | null;
  /** The button's accessible name when 'Report' alone is ambiguous (e.g. 'Report Jo Bloggs'). */
  name?: string;
}

/** 'Report' and its dialog, for a signed-in member looking at someone else's item. */
export function ReportButton({ target, ownerId, ownerClubId, name, ...buttonProps }: ReportButtonProps) {
  const { status, session } = useAuth();
  const [open, setOpen] = useState(false);
  if (status !== 'signed-in') return null;
  const user = session?.user;
  if (ownerId && ownerId === user?.node_id) return null;
  if (ownerClubId && ownerClubId === user?.club?.node_id) return null;
  return (
    <>
      <Button size="sm" variant="ghost" colorPalette="gray" aria-label={name} {...buttonProps} onClick={() => setOpen(true)}>
        <LuFlag aria-hidden="true" />
        Report
      </Button>
      <ReportDialog open={open} onClose={() => setOpen(false)} target={target} />
    </>
  );
}
