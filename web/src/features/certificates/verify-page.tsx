import { Alert, Box, Container, Heading, HStack, List, Separator, Stack, Text } from '@chakra-ui/react';
import { usePageQuery } from '../../lib/page-query';
import { formatCertificateDay, formatHours } from '@clubroom/rules/certificates-texts';
import { useParams } from 'react-router-dom';
import { LoadError } from '../../components/load-error';
import { PageSpinner } from '../../components/page-spinner';
import type { CertificateVerificationQuery } from '../../gql/graphql';
import { PageMeta } from '../../lib/page-meta';
import { CertificateVerificationDocument } from './verify.generated';
import { VERIFY_TEXTS as T } from './certificates-texts';

type Verification = CertificateVerificationQuery['certificateVerification'];

/** /verify/:code (public, rendered on the server, kept out of search engines): what the
 *  certificate with this code states, whether its hours still stand, or why there is none. It
 *  shows the certificate's facts and nothing else about the volunteer. */
export default function VerifyPage() {
  const { code = '' } = useParams();
  const { data, error, refetch } = usePageQuery(CertificateVerificationDocument, { variables: { code } });
  const answer = data?.certificateVerification;
  const found = answer?.status === 'VALID' || answer?.status === 'REVOKED';
  return (
    <Container maxW="3xl" py={{ base: '6', md: '10' }} px={{ base: '4', md: '6' }}>
      {/* The address holds a certificate's code: no canonical link, no share tags, not indexed. A
          code that names nothing answers 404. */}
      <PageMeta title={T.title} description={T.description} path="/verify" noindex status={answer && !found ? 404 : 200} />
      <Stack gap="6">
        <Heading as="h1" size="2xl">
          {T.title}
        </Heading>
        {answer ? (
          <VerificationPanel answer={answer} />
        ) : error ? (
          <LoadError title={T.loadFailed} onRetry={() => refetch().catch((cause: unknown) => console.error('Verification reload failed:', cause))} />
        ) : (
          <PageSpinner />
        )}
        <Text textStyle="sm" color="fg.muted">
          {T.about}
        </Text>
      </Stack>
    </Container>
  );
}

function VerificationPanel({ answer }: { answer: Verification }) {
  if (!answer.certificate) {
    return (
      <Alert.Root status={answer.status === 'NOT_A_CODE' ? 'warning' : 'error'}>
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{answer.status === 'NOT_A_CODE' ? T.notACode : T.unknown}</Alert.Title>
          <Alert.Description>{answer.message}</Alert.Description>
        </Alert.Content>
      </Alert.Root>
    );
  }
  const certificate = answer.certificate;
  return (
    <Stack gap="6">
      {answer.status === 'VALID' ? (
        <Alert.Root status="success">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{T.valid}</Alert.Title>
            <Alert.Description>{T.validDetail}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{T.revoked}</Alert.Title>
            <Alert.Description>
              <Stack gap="2">
                <Text>{answer.message}</Text>
                <Text fontWeight="medium">{T.revokedParts}</Text>
                <List.Root ps="5">
                  {answer.revokedParts.map((part) => (
                    <List.Item key={`${part.clubName}|${part.positionTitle}`}>{T.revokedPart(part.clubName, part.positionTitle, formatHours(part.minutes))}</List.Item>
                  ))}
                </List.Root>
                <Text fontWeight="medium">{T.stillApproved(formatHours(answer.stillApprovedMinutes ?? 0))}</Text>
              </Stack>
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
      <Box as="section" aria-labelledby="certificate-name" borderWidth="1px" borderRadius="l2" p={{ base: '4', md: '6' }}>
        <Stack gap="4">
          <Stack gap="1">
            <Text color="fg.muted">{T.certifies}</Text>
            <Heading as="h2" size="xl" id="certificate-name">
              {certificate.name}
            </Heading>
            <Text>{T.gave(formatHours(certificate.totalMinutes), formatCertificateDay(certificate.fromDate), formatCertificateDay(certificate.toDate))}</Text>
          </Stack>
          {certificate.clubs.map((club) => (
            <Stack key={club.name} gap="1" as="section" aria-label={club.name}>
              <HStack justify="space-between" gap="3">
                <Heading as="h3" size="md">
                  {club.name}
                </Heading>
                <Text fontWeight="semibold">{formatHours(club.minutes)}</Text>
              </HStack>
              <List.Root variant="plain" gap="0.5">
                {club.positions.map((position) => (
                  <List.Item key={position.title}>
                    <HStack justify="space-between" gap="3" width="full" color="fg.muted">
                      <Text>{position.title}</Text>
                      <Text>{formatHours(position.minutes)}</Text>
                    </HStack>
                  </List.Item>
                ))}
              </List.Root>
            </Stack>
          ))}
          <Separator />
          <HStack justify="space-between" gap="3">
            <Text fontWeight="bold">{T.total}</Text>
            <Text fontWeight="bold">{formatHours(certificate.totalMinutes)}</Text>
          </HStack>
          <Stack gap="0.5" textStyle="sm" color="fg.muted">
            <Text>
              {T.period}: {formatCertificateDay(certificate.fromDate)} – {formatCertificateDay(certificate.toDate)}
            </Text>
            <Text>
              {T.issued} {formatCertificateDay(certificate.issuedOn)}
            </Text>
            <Text>
              {T.code}: <Text as="span" fontFamily="mono">{certificate.code}</Text>
            </Text>
          </Stack>
        </Stack>
      </Box>
    </Stack>
  );
}
