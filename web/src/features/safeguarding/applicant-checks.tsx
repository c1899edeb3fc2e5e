import { Alert, Button, Card, HStack, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { LuShieldCheck } from 'react-icons/lu';
import { LoadError } from '../../components/load-error';
import { SectionCard } from '../../components/section-card';
import type { Safeguarding_CheckFragment } from '../../gql/graphql';
import { formatCalendarDate, formatDateTime } from '../../lib/format';
import { notifyError, notifySuccess } from '../../lib/toaster';
import { errorMessageOf, requirePayload } from '../../lib/user-errors';
import { ExpiryBadge } from './my-checks-section';
import { ApplicantChecksDocument, VerifyVolunteerCheckDocument } from './safeguarding.generated';
import { APPLICANT_CHECKS_TEXTS as T, MY_CHECKS_TEXTS } from './safeguarding-texts';
import { localToday } from './check-form';
import { isExpired } from '@clubroom/rules/safeguarding';

interface ApplicantChecksProps {
  applicationId: string;
  /** The club's owner (verifies); false for a platform administrator (reads only). */
  asClub: boolean;
  /** The check the position requires, if any. */
  requiredCheck: { id: string; name: string } | null;
}

/** An application page's 'Safeguarding checks' card for the club's owner (and administrators):
 *  the volunteer's checks (each view is recorded in the check's history) and, for the owner,
 *  verifying one for the club or withdrawing that. */
export function ApplicantChecks({ applicationId, asClub, requiredCheck }: ApplicantChecksProps) {
  // Each read is an audited view: read once per visit, not on every render or focus.
  const { data, error, refetch } = useQuery(ApplicantChecksDocument, { variables: { applicationId }, fetchPolicy: 'network-only', context: { silent: true } });
  const [verify] = useMutation(VerifyVolunteerCheckDocument, { context: { silent: true } });
  const [busy, setBusy] = useState<string | null>(null);
  const checks = data?.applicantChecks;

  const setVerified = async (check: Safeguarding_CheckFragment, verified: boolean) => {
    setBusy(check.id);
    try {
      requirePayload((await verify({ variables: { input: { checkId: check.id, verified } } })).data?.verifyVolunteerCheck);
      notifySuccess(verified ? T.verifiedToast : T.unverifiedToast);
    } catch (failure) {
      notifyError(verified ? T.verifyFailed : T.unverifyFailed, errorMessageOf(failure));
    } finally {
      setBusy(null);
    }
  };

  return (
    <SectionCard title={T.title} level="h2" icon={<LuShieldCheck aria-hidden />} description={asClub ? T.description : T.adminDescription}>
      <Stack gap="3">
        {requiredCheck && (
          <Alert.Root status="info" variant="subtle">
            <Alert.Indicator />
            <Alert.Title>{T.required(requiredCheck.name)}</Alert.Title>
          </Alert.Root>
        )}
        {error && !checks && <LoadError title={T.loadFailed} onRetry={() => void refetch().catch(() => undefined)} />}
        {checks?.length === 0 && <Text color="fg.muted">{T.none}</Text>}
        {checks && checks.length > 0 && (
          <Stack as="ul" gap="3" listStyleType="none" aria-label={T.title}>
            {checks.map((check) => {
              const mine = check.verifications.nodes[0];
              const expired = isExpired(check.expiresOn, localToday());
              return (
                <Card.Root as="li" key={check.id} variant="outline">
                  <Card.Body>
                    <HStack justify="space-between" align="flex-start" flexWrap="wrap" gap="2">
                      <Stack gap="1">
                        <HStack gap="2">
                          <Text fontWeight="semibold">{check.kind.name}</Text>
                          <ExpiryBadge expiresOn={check.expiresOn} />
                        </HStack>
                        <Text fontSize="sm" color="fg.muted">
                          {MY_CHECKS_TEXTS.issuedOn} {formatCalendarDate(check.issuedOn)} · {MY_CHECKS_TEXTS.expiresOn} {formatCalendarDate(check.expiresOn)}
                        </Text>
                        {check.verifications.nodes.map((v) => (
                          <Text key={`${v.club?.id}-${v.verifiedAt}`} fontSize="sm" color="green.fg">
                            {asClub ? T.verified(formatDateTime(v.verifiedAt)) : T.verifiedBy(v.club?.name ?? 'a former club', formatDateTime(v.verifiedAt))}
                          </Text>
                        ))}
                      </Stack>
                      {asClub &&
                        (mine ? (
                          <Button size="sm" variant="outline" colorPalette="red" loading={busy === check.id} loadingText={T.unverifying} onClick={() => void setVerified(check, false)}>
                            {T.unverify}
                          </Button>
                        ) : (
                          <Button size="sm" colorPalette="teal" disabled={expired} loading={busy === check.id} loadingText={T.verifying} onClick={() => void setVerified(check, true)}>
                            {T.verify}
                          </Button>
                        ))}
                    </HStack>
                  </Card.Body>
                </Card.Root>
              );
            })}
          </Stack>
        )}
      </Stack>
    </SectionCard>
  );
}
