import { Button, Container, Heading, Stack, Text } from '@chakra-ui/react';
import { LuArrowLeft } from 'react-icons/lu';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { PageMeta } from '../../lib/page-meta';

interface NotFoundPanelProps {
  /** 'Opportunity not found', 'Application not found'. */
  title: string;
  text: string;
  backTo: string;
  backLabel: string;
}

/** An unknown id, or one the caller may not see. */
export function NotFoundPanel({ title, text, backTo, backLabel }: NotFoundPanelProps) {
  const { pathname } = useLocation();
  return (
    <Container maxW="lg" py="24">
      <PageMeta title={title} description={text} path={pathname} status={404} />
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

export function OpportunityNotFound() {
  return (
    <NotFoundPanel
      title="Opportunity not found"
      text="This opportunity does not exist or is not open to volunteers."
      backTo="/volunteer-opportunities"
      backLabel="Back to opportunities"
    />
  );
}

export function ApplicationNotFound() {
  return (
    <NotFoundPanel
      title="Application not found"
      text="This application does not exist or is not yours to see."
      backTo="/volunteer/dashboard"
      backLabel="Back to dashboard"
    />
  );
}
