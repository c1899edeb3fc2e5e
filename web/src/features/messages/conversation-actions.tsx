import { IconButton, Menu, Portal } from '@chakra-ui/react';
import { useState } from 'react';
import { LuBan, LuEllipsisVertical, LuUserCheck } from 'react-icons/lu';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { useBlockMember } from './use-block-member';

interface ConversationActionsProps {
  partner: { id: string; name: string; blockedByMe: boolean };
}

/** The conversation's 'Conversation actions' menu: Block the partner (after a confirmation), or
 *  Unblock them. */
export function ConversationActions({ partner }: ConversationActionsProps) {
  const [confirming, setConfirming] = useState(false);
  const { blockMember, unblockMember, blocking } = useBlockMember();

  const onSelect = (value: string) => {
    if (value === 'block') setConfirming(true);
    else void unblockMember(partner);
  };
  const confirmBlock = async () => {
    if (await blockMember(partner)) setConfirming(false);
  };

  return (
    <>
      <Menu.Root positioning={{ placement: 'bottom-end' }} onSelect={(details) => onSelect(details.value)}>
        <Menu.Trigger asChild>
          <IconButton aria-label="Conversation actions" variant="ghost" size="sm" ms="auto">
            <LuEllipsisVertical />
          </IconButton>
        </Menu.Trigger>
        <Portal>
          <Menu.Positioner>
            <Menu.Content>
              {partner.blockedByMe ? (
                <Menu.Item value="unblock">
                  <LuUserCheck />
                  Unblock {partner.name}
                </Menu.Item>
              ) : (
                <Menu.Item value="block" color="fg.error" _hover={{ bg: 'bg.error', color: 'fg.error' }}>
                  <LuBan />
                  Block {partner.name}
                </Menu.Item>
              )}
            </Menu.Content>
          </Menu.Positioner>
        </Portal>
      </Menu.Root>
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title="Block member"
        question={`Block ${partner.name}? They will not be able to message you, and you will not be notified of them. You can unblock them from your Notifications settings.`}
        confirmLabel="Block"
        busyLabel="Blocking..."
        busy={blocking}
        onConfirm={() => void confirmBlock()}
      />
    </>
  );
}
