import { Box, Container, Grid, Stack, useBreakpointValue } from '@chakra-ui/react';
import { LuMessagesSquare } from 'react-icons/lu';
import { useNavigate, useParams } from 'react-router-dom';
import { ConversationPanel } from './conversation-panel';
import { ConversationsPane } from './conversations-pane';
import { ListStatus } from './list-status';
import { MessagesHeader } from './messages-header';
import { useMessageLiveUpdates } from './use-message-live-updates';

const PANE_STYLE = { borderWidth: '1px', borderRadius: 'lg', bg: 'bg.panel', overflow: 'hidden', minH: '0' } as const;

/** /messages and /messages/:senderId: conversations beside the selected conversation; on small
 *  screens the list and the panel take turns. */
export default function MessagesPage() {
  const { senderId } = useParams();
  const navigate = useNavigate();
  const narrow = useBreakpointValue({ base: true, md: false }) ?? false;
  useMessageLiveUpdates();
  const selected = senderId !== undefined;

  return (
    <Container maxW="7xl" py={{ base: '4', md: '6' }} px={{ base: '3', md: '6' }}>
      <Stack gap="4">
        <MessagesHeader />
        <Grid
          templateColumns={{ base: '1fr', md: '20rem 1fr', lg: '24rem 1fr' }}
          gap="4"
          h={{ base: 'calc(100dvh - 8.5rem)', md: 'calc(100dvh - 11rem)' }}
          minH="26rem"
        >
          <Box {...PANE_STYLE} display={{ base: selected ? 'none' : 'block', md: 'block' }}>
            <ConversationsPane selectedId={senderId} />
          </Box>
          <Box as="section" aria-label="Conversation" {...PANE_STYLE} display={{ base: selected ? 'block' : 'none', md: 'block' }}>
            {selected ? (
              <ConversationPanel key={senderId} participantId={senderId} onBack={narrow ? () => navigate('/messages') : undefined} />
            ) : (
              <ListStatus icon={<LuMessagesSquare />} title="Select a conversation" description="Choose a conversation from the list to read and reply." />
            )}
          </Box>
        </Grid>
      </Stack>
    </Container>
  );
}
