import { Button, type ButtonProps } from '@chakra-ui/react';
import { Suspense, useEffect, useState } from 'react';
import { LuFlag } from 'react-icons/lu';
import { lazyWithApollo } from '../lib/apollo-island';
import { useAuth } from '../lib/use-auth';
import { ErrorBoundary } from './error-boundary';
import type { ReportTarget } from './report-dialog';

// The dialog (its form, zod rules and react-hook-form: ~45 KB gzipped) is in its own chunk: only a
// signed-in member sees the button, so a visitor's public page never loads it (nor, with it, the
// GraphQL client: lib/apollo-island.tsx). A member's page asks
// for it as soon as the button shows, so it is there by the time it is pressed.
const loadReportDialog = () => import('./report-dialog');
const ReportDialog = lazyWithApollo(() => loadReportDialog().then((module) => module.ReportDialog));

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
  // Once pressed, the dialog stays mounted (closed) so that its closing animation can play.
  const [wanted, setWanted] = useState(false);
  const user = session?.user;
  const shown = status === 'signed-in' && !(ownerId && ownerId === user?.node_id) && !(ownerClubId && ownerClubId === user?.club?.node_id);
  useEffect(() => {
    if (shown) loadReportDialog().catch(() => undefined);
  }, [shown]);
  if (!shown) return null;
  return (
    <>
      <Button
        size="sm"
        variant="ghost"
        colorPalette="gray"
        aria-label={name}
        {...buttonProps}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        <LuFlag aria-hidden="true" />
        Report
      </Button>
      {wanted && (
        <ErrorBoundary fallback={() => null}>
          <Suspense fallback={null}>
            <ReportDialog open={open} onClose={() => setOpen(false)} target={target} />
          </Suspense>
        </ErrorBoundary>
      )}
    </>
  );
}
