import { Box, Container, Grid, Stack, useBreakpointValue } from '@chakra-ui/react';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { useNavigate, useSearchParams } from '../../lib/navigation';
import { ConversationsPane } from './conversations-pane';
import { DetailPane } from './detail-pane';
import { MessagesHeader } from './messages-header';
import { useComposePrefill } from './use-compose-prefill';
import { useMessageLiveUpdates } from './use-message-live-updates';

const PANE_STYLE = { borderWidth: '1px', borderRadius: 'lg', bg: 'bg.panel', overflow: 'hidden', minH: '0' } as const;
/** Links elsewhere in the product point to /messages/compose to start a new message. */
const COMPOSE_SEGMENT = 'compose';

/** /messages and /messages/:senderId: conversations beside the selected conversation; on small
 *  screens the list and the panel take turns. */
export default function MessagesPage() {
  const { senderId: segment } = useParams();
  const navigate = useNavigate();
  const narrow = useBreakpointValue({ base: true, md: false }) ?? false;
  const composeRoute = segment === COMPOSE_SEGMENT;
  const senderId = composeRoute ? undefined : segment;
  const [params] = useSearchParams();
  // /messages/compose?to=<member id> or ?application=<id> fill in the recipient (and subject):
  // the dialog opens once they are known.
  const prefill = useComposePrefill(composeRoute ? { to: params.get('to'), application: params.get('application') } : {});
  const [composing, setComposing] = useState(composeRoute);
  useMessageLiveUpdates();

  const onComposingChange = (open: boolean) => {
    setComposing(open);
    if (!open && composeRoute) navigate('/messages', { replace: true });
  };
  const selected = senderId !== undefined;

  return (
    <Container maxW="7xl" py={{ base: '4', md: '6' }} px={{ base: '3', md: '6' }}>
      <Stack gap="4">
        <MessagesHeader composing={composing && prefill.ready} onComposingChange={onComposingChange} prefill={prefill} />
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
            <DetailPane senderId={senderId} onBack={narrow ? () => navigate('/messages') : undefined} />
          </Box>
        </Grid>
      </Stack>
    </Container>
  );
}
