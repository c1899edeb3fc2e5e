import { IconButton, Menu, Portal } from '@chakra-ui/react';
import { useState } from 'react';
import { LuEllipsisVertical, LuFlag, LuTrash2 } from 'react-icons/lu';
import type { MessageBubble_MessageFragment } from '../../gql/graphql';
import { ConfirmDeleteDialog } from '../../components/confirm-delete-dialog';
import { ReportDialog } from '../../components/report-dialog';
import { useDeleteMessage } from './use-delete-message';

interface MessageActionsProps {
  message: MessageBubble_MessageFragment;
  /** My message: Delete. A message I received: Report. */
  own: boolean;
  partnerName: string;
}

/** The 'Message actions' menu of a message: Delete (after a confirmation) on mine, Report on one
 *  I received. */
export function MessageActions({ message, own, partnerName }: MessageActionsProps) {
  const [open, setOpen] = useState<'delete' | 'report' | null>(null);
  const { deleteMessage, deleting } = useDeleteMessage();

  const confirmDelete = async () => {
    if (await deleteMessage(message)) setOpen(null);
  };

  return (
    <>
      <Menu.Root positioning={{ placement: 'bottom-end' }} onSelect={(details) => setOpen(details.value === 'delete' ? 'delete' : 'report')}>
        <Menu.Trigger asChild>
          <IconButton aria-label="Message actions" size="2xs" variant="ghost" color="inherit" _hover={{ bg: 'blackAlpha.200' }}>
            <LuEllipsisVertical />
          </IconButton>
        </Menu.Trigger>
        <Portal>
          <Menu.Positioner>
            <Menu.Content>
              {own ? (
                <Menu.Item value="delete" color="fg.error" _hover={{ bg: 'bg.error', color: 'fg.error' }}>
                  <LuTrash2 />
                  Delete
                </Menu.Item>
              ) : (
                <Menu.Item value="report">
                  <LuFlag />
                  Report
                </Menu.Item>
              )}
            </Menu.Content>
          </Menu.Positioner>
        </Portal>
      </Menu.Root>
      {own ? (
        <ConfirmDeleteDialog
          open={open === 'delete'}
          onClose={() => setOpen(null)}
          title="Delete message"
          question="Are you sure you want to delete this message?"
          deleting={deleting}
          onConfirm={() => void confirmDelete()}
        />
      ) : (
        <ReportDialog
          open={open === 'report'}
          onClose={() => setOpen(null)}
          target={{ type: 'MESSAGE', id: message.id, label: `the message "${message.subject}" from ${partnerName}` }}
        />
      )}
    </>
  );
}
