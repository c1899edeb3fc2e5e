import { Badge, Container, Heading, HStack, Link, List, Spinner, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@apollo/client/react';
import { formatCertificateDay, formatHours } from '@clubroom/rules/certificates-texts';
import { useEffect, useId } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { LoadError } from '../../components/load-error';
import { PageSpinner } from '../../components/page-spinner';
import { SectionCard } from '../../components/section-card';
import type { CertificateRow_CertificateFragment } from '../../gql/graphql';
import { formatDate } from '../../lib/format';
import { CertificateRequestForm } from './certificate-request-form';
import { MyCertificatesDocument } from './certificates.generated';
import { CERTIFICATES_TEXTS as T } from './certificates-texts';

/** How often the list asks again while a certificate's PDF is being made (a second or two). */
const CERTIFICATE_POLL_MS = 2_000;

/** /volunteer/certificates ('My certificates' in the user menu, and the volunteer dashboard): ask
 *  for a certificate of approved hours, and the certificates with their PDFs and verification pages. */
export default function CertificatesPage() {
  const { data, loading, error, refetch, startPolling, stopPolling } = useQuery(MyCertificatesDocument);
  const certificates = data?.myVolunteerCertificates.nodes;
  const pending = certificates?.some((row) => row.status === 'PENDING') ?? false;

  useEffect(() => {
    if (!pending) return;
    startPolling(CERTIFICATE_POLL_MS);
    return () => stopPolling();
  }, [pending, startPolling, stopPolling]);

  return (
    <Container maxW="3xl" py={{ base: '6', md: '10' }}>
      <Stack gap="6">
        <Stack gap="2">
          <Link asChild colorPalette="teal" color="colorPalette.fg" textStyle="sm" alignSelf="flex-start">
            <RouterLink to="/volunteer/dashboard">{T.dashboardLink}</RouterLink>
          </Link>
          <Heading as="h1" size="2xl">
            {T.title}
          </Heading>
          <Text color="fg.muted">{T.intro}</Text>
        </Stack>
        {!data && !error && <PageSpinner />}
        {!data && error && !loading && <LoadError title={T.loadFailed} onRetry={() => refetch().catch((cause: unknown) => console.error('Certificates reload failed:', cause))} />}
        {data && (
          <>
            <SectionCard level="h2" title={T.formHeading}>
              <CertificateRequestForm clubs={data.myCertificateClubs.nodes} />
            </SectionCard>
            <SectionCard level="h2" title={T.listHeading}>
              {certificates && certificates.length > 0 ? (
                <List.Root variant="plain" aria-label={T.listName} gap="0">
                  {certificates.map((row) => (
                    <CertificateRow key={row.id} row={row} />
                  ))}
                </List.Root>
              ) : (
                <Text color="fg.muted">{T.empty}</Text>
              )}
            </SectionCard>
          </>
        )}
      </Stack>
    </Container>
  );
}

function StatusBadge({ row }: { row: CertificateRow_CertificateFragment }) {
  if (row.status === 'PENDING') {
    return (
      <HStack gap="2" color="fg.muted" textStyle="sm">
        <Spinner size="xs" aria-hidden="true" />
        <Text>{T.pending}</Text>
      </HStack>
    );
  }
  if (row.status === 'FAILED') return <Badge colorPalette="red">{T.failedStatus}</Badge>;
  return <Badge colorPalette="green">{T.ready}</Badge>;
}

function CertificateRow({ row }: { row: CertificateRow_CertificateFragment }) {
  const titleId = useId();
  const revoked = row.stillApprovedMinutes < row.statement.totalMinutes;
  return (
    <List.Item borderTopWidth="1px" py="3">
      <Stack gap="1.5" width="full">
        <HStack justify="space-between" gap="3" flexWrap="wrap">
          <Text fontWeight="medium" id={titleId}>
            {T.scope(row.statement.allClubs ? null : (row.statement.clubs[0]?.name ?? null))} · {T.period(formatCertificateDay(row.fromDate), formatCertificateDay(row.toDate))} ·{' '}
            {formatHours(row.statement.totalMinutes)}
          </Text>
          <StatusBadge row={row} />
        </HStack>
        <Text textStyle="sm" color="fg.muted">
          {formatDate(row.issuedAt)} · {T.code} <Text as="span" fontFamily="mono">{row.code}</Text>
        </Text>
        {revoked && (
          <Text textStyle="sm" color="fg.error">
            {T.revokedNote(formatHours(row.stillApprovedMinutes))}
          </Text>
        )}
        <HStack gap="4" textStyle="sm" flexWrap="wrap">
          {row.status === 'READY' && row.downloadUrl && (
            // A plain link: the signed address answers the PDF as an attachment, no sign-in needed.
            <Link href={row.downloadUrl} download colorPalette="teal" variant="underline" aria-describedby={titleId}>
              {T.download}
            </Link>
          )}
          <Link asChild colorPalette="teal" variant="underline" aria-describedby={titleId}>
            <RouterLink to={`/verify/${row.code}`}>{T.verify}</RouterLink>
          </Link>
        </HStack>
      </Stack>
    </List.Item>
  );
}
