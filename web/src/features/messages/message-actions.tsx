import { IconButton, Menu, Portal } from '@chakra-ui/react';
import { useState } from 'react';
import { LuEllipsisVertical, LuTrash2 } from 'react-icons/lu';
import type { MessageBubble_MessageFragment } from '../../gql/graphql';
import { ConfirmDeleteDialog } from '../../components/confirm-delete-dialog';
import { useDeleteMessage } from './use-delete-message';

/** The 'Message actions' menu of one of my messages: Delete, after a confirmation. */
export function MessageActions({ message }: { message: MessageBubble_MessageFragment }) {
  const [confirming, setConfirming] = useState(false);
  const { deleteMessage, deleting } = useDeleteMessage();

  const confirmDelete = async () => {
    if (await deleteMessage(message)) setConfirming(false);
  };

  return (
    <>
      <Menu.Root positioning={{ placement: 'bottom-end' }} onSelect={(details) => details.value === 'delete' && setConfirming(true)}>
        <Menu.Trigger asChild>
          <IconButton aria-label="Message actions" size="2xs" variant="ghost" color="inherit" _hover={{ bg: 'blackAlpha.200' }}>
            <LuEllipsisVertical />
          </IconButton>
        </Menu.Trigger>
        <Portal>
          <Menu.Positioner>
            <Menu.Content>
              <Menu.Item value="delete" color="fg.error" _hover={{ bg: 'bg.error', color: 'fg.error' }}>
                <LuTrash2 />
                Delete
              </Menu.Item>
            </Menu.Content>
          </Menu.Positioner>
        </Portal>
      </Menu.Root>
      <ConfirmDeleteDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title="Delete message"
        question="Are you sure you want to delete this message?"
        deleting={deleting}
        onConfirm={() => void confirmDelete()}
      />
    </>
  );
}
