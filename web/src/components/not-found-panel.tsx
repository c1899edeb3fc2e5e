import { Button, Container, Heading, Stack, Text } from '@chakra-ui/react';
import { LuArrowLeft } from 'react-icons/lu';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { PageMeta } from '../lib/page-meta';

interface NotFoundPanelProps {
  /** 'Opportunity not found', 'Application not found'. */
  title: string;
  text: string;
  backTo: string;
  backLabel: string;
  /** 404 (not found) unless said; 410 for what is gone for good. */
  status?: 404 | 410;
}

/** An unknown id, or one the caller may not see: 404 with noindex when rendered on the server (or
 *  410 with `status`: a page that was public and is no longer). Shared by the features' pages. */
export function NotFoundPanel({ title, text, backTo, backLabel, status = 404 }: NotFoundPanelProps) {
  const { pathname } = useLocation();
  return (
    <Container maxW="lg" py="24">
      <PageMeta title={title} description={text} path={pathname} status={status} />
      <Stack gap="4" alignItems="center" textAlign="center">
        <Heading as="h1" size="2xl">
          {title}
        </Heading>
        <Text color="fg.muted">{text}</Text>
        <Button asChild colorPalette="teal">
          <RouterLink to={backTo}>
            <LuArrowLeft aria-hidden="true" />
            {backLabel}
          </RouterLink>
        </Button>
      </Stack>
    </Container>
  );
}
