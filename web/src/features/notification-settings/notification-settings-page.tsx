import { Container, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { LoadError } from '../../components/load-error';
import { PageSpinner } from '../../components/page-spinner';
import { SectionCard } from '../../components/section-card';
import { BlockedMembers } from './blocked-members';
import { DeliveryForm } from './delivery-form';
import { MutedClubs } from './muted-clubs';
import { NotificationMatrix } from './notification-matrix';
import { BLOCKED_MEMBERS_TEXTS, DELIVERY_TEXTS, MATRIX_TEXTS, MUTED_CLUBS_TEXTS, NOTIFICATION_SETTINGS_TEXTS as T, PUSH_TEXTS } from './notifications-settings-texts';
import { PushDevices } from './push-devices';
import { useNotificationSettings } from './use-notification-settings';

/** /profile/notifications ('Notifications'): what reaches the member on which channel, how
 *  notification emails come, the clubs they muted (live across the member's devices), push on
 *  this device and the member's push devices, and the members they blocked. */
export default function NotificationSettingsPage() {
  const { settings, loading, retry } = useNotificationSettings();

  return (
    <Container maxW="4xl" py={{ base: '6', md: '10' }}>
      <Stack gap="6">
        <Stack gap="2">
          <Link asChild alignSelf="flex-start" textStyle="sm">
            <RouterLink to="/profile">{T.backToProfile}</RouterLink>
          </Link>
          <Heading as="h1" size="2xl">
            {T.title}
          </Heading>
          <Text color="fg.muted">{T.intro}</Text>
        </Stack>
        {!settings && loading && <PageSpinner />}
        {!settings && !loading && <LoadError title={T.loadFailed} onRetry={retry} />}
        {settings && (
          <>
            <SectionCard level="h2" title={MATRIX_TEXTS.heading} description={MATRIX_TEXTS.description}>
              <NotificationMatrix settings={settings} />
            </SectionCard>
            <SectionCard level="h2" title={DELIVERY_TEXTS.heading} description={DELIVERY_TEXTS.description}>
              <DeliveryForm settings={settings} />
            </SectionCard>
            <SectionCard level="h2" title={PUSH_TEXTS.heading} description={PUSH_TEXTS.description}>
              <PushDevices />
            </SectionCard>
            <SectionCard level="h2" title={MUTED_CLUBS_TEXTS.heading} description={MUTED_CLUBS_TEXTS.description}>
              <MutedClubs clubs={settings.mutedClubs} />
            </SectionCard>
            <SectionCard level="h2" title={BLOCKED_MEMBERS_TEXTS.heading} description={BLOCKED_MEMBERS_TEXTS.description}>
              <BlockedMembers />
            </SectionCard>
          </>
        )}
      </Stack>
    </Container>
  );
}
