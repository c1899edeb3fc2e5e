import { Container, Heading, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@apollo/client/react';
import { LuArrowRight } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { LoadError } from '../../components/load-error';
import { PageSpinner } from '../../components/page-spinner';
import { RegisterClubPrompt } from '../../components/register-club-prompt';
import { ClubSettingsDocument } from './club-settings.generated';
import { ClubSettingsForm } from './club-settings-form';

/** /club/settings ('Club Settings'): the club account's contact email, the owner's name and the
 *  email notification choices, beside the Club Dashboard. */
export default function ClubSettingsPage() {
  const { data, loading, refetch } = useQuery(ClubSettingsDocument, { fetchPolicy: 'cache-and-network', context: { silent: true } });
  const me = data?.me;

  const retry = () => {
    refetch().catch((cause: unknown) => console.error('Reloading the club settings failed:', cause));
  };

  return (
    <Container maxW="3xl" py={{ base: '6', md: '10' }}>
      <Stack gap="6">
        <HStack justify="space-between" align="flex-end" flexWrap="wrap" gap="3">
          <Stack gap="1">
            <Heading as="h1" size="2xl">
              Club Settings
            </Heading>
            {me?.club && <Text color="fg.muted">{me.club.name}</Text>}
          </Stack>
          {me?.club && (
            <Link asChild colorPalette="teal" color="colorPalette.fg" fontWeight="medium">
              <RouterLink to="/club/dashboard">
                Club Dashboard <LuArrowRight aria-hidden="true" />
              </RouterLink>
            </Link>
          )}
        </HStack>
        {!data && loading && <PageSpinner />}
        {!data && !loading && <LoadError title="Your club settings could not be loaded." onRetry={retry} />}
        {me && !me.club && <RegisterClubPrompt description="Club settings belong to a club. Register your club on this account to choose them." />}
        {me?.club && <ClubSettingsForm club={me.club} ownerName={me.fullName ?? ''} />}
      </Stack>
    </Container>
  );
}
