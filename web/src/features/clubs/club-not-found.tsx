import { Button, Container, Heading, Stack, Text } from '@chakra-ui/react';
import { LuArrowLeft } from 'react-icons/lu';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { PageMeta } from '../../lib/page-meta';
import { missingClubMeta, removedClubMeta } from './club-meta';

/** An unknown, unapproved or malformed club id (404), or a club a moderator removed from the
 *  directory (`removed`: 410 Gone). */
export function ClubNotFound({ backTo, removed = false }: { backTo: string; removed?: boolean }) {
  const { pathname } = useLocation();
  const meta = removed ? removedClubMeta(pathname) : missingClubMeta(pathname);
  return (
    <Container maxW="lg" py="24">
      <PageMeta {...meta} />
      <Stack gap="4" alignItems="center" textAlign="center">
        <Heading as="h1" size="2xl">
          {meta.title}
        </Heading>
        <Text color="fg.muted">{meta.description}</Text>
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
