import { Button, Container, Heading, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { ReportNotFoundDocument } from './errors.generated';
import { PageMeta } from '../../lib/page-meta';
import { pageMutate } from '../../lib/page-query';

export default function NotFoundPage() {
  const { pathname } = useLocation();
  const reported = useRef<string | null>(null);

  useEffect(() => {
    if (reported.current === pathname) return;
    reported.current = pathname;
    console.warn('404 Error: User attempted to access non-existent route:', pathname);
    pageMutate(ReportNotFoundDocument, { input: { path: pathname } }, { silent: true }).catch((error: unknown) =>
      console.error('Could not report the missing page:', error),
    );
  }, [pathname]);

  return (
    <Container maxW="lg" py="24">
      <PageMeta title="Page not found" description="The page you are looking for does not exist or has moved." path={pathname} status={404} />
      <Stack gap="4" alignItems="center" textAlign="center">
        <Heading as="h1" size="5xl" color="fg.muted">
          404
        </Heading>
        <Heading as="h2" size="xl">
          Oops! Page not found
        </Heading>
        <Text color="fg.muted">The page you are looking for does not exist or has moved.</Text>
        <Button asChild>
          <RouterLink to="/">Return to Home</RouterLink>
        </Button>
      </Stack>
    </Container>
  );
}
