import { Button, Container, Heading, Stack, Tabs, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { PageSpinner } from '../../components/page-spinner';
import type { CouncilAdmin_MeetingFragment } from '../../gql/graphql';
import { useAuth } from '../../lib/use-auth';
import { MeetingDialog } from './meeting-dialog';
import { MeetingsPanel } from './meetings-panel';
import { OverviewPanel } from './overview-panel';
import { useIsCouncilAdmin } from './use-admin-queries';

type AdminTab = 'overview' | 'meetings';

/** /sports-council/admin: council administrators manage the meetings (spec section 2). */
export default function CouncilAdminPage() {
  const auth = useAuth();
  const user = auth.session?.user;
  const isAdmin = useIsCouncilAdmin(auth.status === 'checking' ? undefined : (user?.id ?? ''));

  if (auth.status === 'checking' || isAdmin === undefined) {
    return (
      <Container maxW="5xl" py={{ base: '6', md: '10' }}>
        <Text textAlign="center" color="fg.muted">
          Checking permissions...
        </Text>
        <PageSpinner />
      </Container>
    );
  }
  if (!isAdmin) return <AccessDenied />;
  return <CouncilAdmin isPlatformAdmin={user?.role === 'platform_admin'} />;
}

function AccessDenied() {
  return (
    <Container maxW="xl" py={{ base: '10', md: '16' }}>
      <Stack gap="4" textAlign="center" align="center">
        <Heading as="h1" size="2xl">
          Access Denied
        </Heading>
        <Text color="fg.muted">Only sports council administrators can manage council meetings.</Text>
        <Button asChild colorPalette="teal">
          <RouterLink to="/">Go to Home</RouterLink>
        </Button>
      </Stack>
    </Container>
  );
}

function CouncilAdmin({ isPlatformAdmin }: { isPlatformAdmin: boolean }) {
  const [tab, setTab] = useState<AdminTab>('overview');
  const [dialog, setDialog] = useState<{ open: boolean; meeting?: CouncilAdmin_MeetingFragment }>({ open: false });
  const openNew = () => setDialog({ open: true });

  return (
    <Container maxW="5xl" py={{ base: '6', md: '10' }}>
      <Stack gap="6">
        <Heading as="h1" size="2xl">
          Sports Council Admin
        </Heading>
        <Tabs.Root
          value={tab}
          onValueChange={(details) => setTab(details.value === 'meetings' ? 'meetings' : 'overview')}
          variant="line"
          colorPalette="teal"
        >
          <Tabs.List>
            <Tabs.Trigger value="overview">Overview</Tabs.Trigger>
            <Tabs.Trigger value="meetings">Meetings</Tabs.Trigger>
          </Tabs.List>
          {/* Both tabs stay mounted, so a write refetches the list and the counters alike. */}
          <Tabs.Content value="overview">
            <OverviewPanel onNew={openNew} onViewMeetings={() => setTab('meetings')} isPlatformAdmin={isPlatformAdmin} />
          </Tabs.Content>
          <Tabs.Content value="meetings">
            <MeetingsPanel onNew={openNew} onEdit={(meeting) => setDialog({ open: true, meeting })} />
          </Tabs.Content>
        </Tabs.Root>
      </Stack>
      <MeetingDialog open={dialog.open} meeting={dialog.meeting} onClose={() => setDialog((current) => ({ ...current, open: false }))} />
    </Container>
  );
}
