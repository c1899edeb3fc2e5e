import { Button, Container, Heading, Stack, Text } from '@chakra-ui/react';
import { LuArrowLeft } from 'react-icons/lu';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { PageMeta } from '../../lib/page-meta';
import { missingClubMeta } from './club-meta';

/** An unknown, unapproved or malformed club id. */
export function ClubNotFound({ backTo }: { backTo: string }) {
  const { pathname } = useLocation();
  return (
    <Container maxW="lg" py="24">
      <PageMeta {...missingClubMeta(pathname)} />
      <Stack gap="4" alignItems="center" textAlign="center">
        <Heading as="h1" size="2xl">
          Club not found
        </Heading>
        <Text color="fg.muted">This club does not exist or is not listed in the directory.</Text>
        <Button asChild colorPalette="teal">
          <RouterLink to={backTo}>
            <LuArrowLeft aria-hidden="true" />
            Back to directory
          </RouterLink>
        </Button>
      </Stack>
    </Container>
  );
}
