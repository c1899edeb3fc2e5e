import { Box, Button, Container, Heading, HStack, List, Stack, Text } from '@chakra-ui/react';
import { LuArrowLeft, LuLayoutDashboard, LuMail, LuRefreshCw, LuRotateCcw } from 'react-icons/lu';
import { errorScreenText } from '../lib/error-screen-text';
import { SUPPORT_EMAIL, supportMailto } from '../lib/support';

export interface ErrorScreenProps {
  error: unknown;
  /** 'Try Again': clears the error (e.g. an error boundary's reset). Hidden for errors trying
   *  again cannot mend (authentication, permission). */
  onTryAgain: () => void;
  /** Override the title and message the error's kind gives (spec section 8, 'Message mapping'). */
  title?: string;
  message?: string;
  /** Where 'Go to Dashboard' leads; null hides it. */
  dashboardHref?: string | null;
  /** 'Go to Dashboard' inside the app (e.g. the router's navigate); default: load dashboardHref. */
  onGoToDashboard?: () => void;
  /** 'Go Back' inside the app; default: the browser's previous page. */
  onGoBack?: () => void;
  /** Where it happened (e.g. 'Application review'), for the report's subject. */
  where?: string;
  /** Shows 'Go to Home Page' leading here. */
  homeHref?: string;
  /** Shows 'Go Back' (the browser's previous page). */
  showGoBack?: boolean;
  /** Shows 'Report This Error': an email to support, filled in with what happened. */
  reportable?: boolean;
  /** h1 for a page of its own, h2 or h3 inside a page (or a section) that has its heading. */
  headingLevel?: 'h1' | 'h2' | 'h3';
}

function describeForReport(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return String(error ?? 'Unknown error');
}

function reportBody(error: unknown, title: string, where: string | undefined): string {
  return [
    'Please describe what you were doing when the error happened:',
    '',
    '',
    '---',
    `Error: ${title} (${describeForReport(error)})`,
    ...(where ? [`Where: ${where}`] : []),
    // Rendered on the server (an error in a public page), there is no browser to describe.
    ...(typeof window === 'undefined' ? [] : [`Page: ${window.location.href}`, `Time: ${new Date().toISOString()}`, `Browser: ${navigator.userAgent}`]),
  ].join('\n');
}

/** The generic error screen (administration spec, sections 2 and 8): what went wrong by the
 *  error's category, recovery tips, and the ways on. Navigation is plain (not the router's), so
 *  it also works when the router itself failed. */
export function ErrorScreen({
  error,
  onTryAgain,
  title,
  message,
  dashboardHref = '/admin',
  onGoToDashboard,
  onGoBack,
  where,
  homeHref,
  showGoBack = true,
  reportable = true,
  headingLevel = 'h1',
}: ErrorScreenProps) {
  const text = errorScreenText(error);
  const shownTitle = title ?? text.title;
  return (
    <Container maxW="lg" py={headingLevel === 'h1' ? '16' : '8'}>
      <Stack role="alert" gap="5" textAlign="center" alignItems="center">
        <Heading as={headingLevel} size={headingLevel === 'h1' ? '2xl' : 'xl'}>
          {shownTitle}
        </Heading>
        <Text color="fg.muted">{message ?? text.message}</Text>
        <Box textAlign="start" borderWidth="1px" borderRadius="md" p="4" width="full">
          <List.Root gap="1" ps="4">
            {text.tips.map((tip) => (
              <List.Item key={tip}>{tip}</List.Item>
            ))}
          </List.Root>
        </Box>
        <HStack gap="3" flexWrap="wrap" justifyContent="center">
          {text.retryable && (
            <Button onClick={onTryAgain}>
              <LuRotateCcw aria-hidden /> Try Again
            </Button>
          )}
          <Button variant="outline" onClick={() => window.location.reload()}>
            <LuRefreshCw aria-hidden /> Reload Page
          </Button>
          {showGoBack && (
            <Button variant="outline" onClick={onGoBack ?? (() => window.history.back())}>
              <LuArrowLeft aria-hidden /> Go Back
            </Button>
          )}
          {dashboardHref && (
            <Button variant="outline" onClick={onGoToDashboard ?? (() => window.location.assign(dashboardHref))}>
              <LuLayoutDashboard aria-hidden /> Go to Dashboard
            </Button>
          )}
          {homeHref && (
            <Button variant="ghost" onClick={() => window.location.assign(homeHref)}>
              Go to Home Page
            </Button>
          )}
          {reportable && (
            <Button variant="ghost" asChild>
              <a href={supportMailto(`Error report: ${where ?? shownTitle}`, reportBody(error, shownTitle, where))}>
                <LuMail aria-hidden /> Report This Error
              </a>
            </Button>
          )}
        </HStack>
        {reportable && (
          <Text fontSize="sm" color="fg.muted">
            Reports go to {SUPPORT_EMAIL}.
          </Text>
        )}
      </Stack>
    </Container>
  );
}
