import { Badge, Box, Button, Card, HStack, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { LuPlus, LuShieldCheck } from 'react-icons/lu';
import { addDays, CHECK_REMINDER_DAYS, isExpired } from '@clubroom/rules/safeguarding';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { FormDialog } from '../../components/form-dialog';
import { LoadError } from '../../components/load-error';
import { SectionCard } from '../../components/section-card';
import type { MyVolunteerChecksQuery } from '../../gql/graphql';
import { formatCalendarDate, formatDateTime } from '../../lib/format';
import { notifyError, notifySuccess } from '../../lib/toaster';
import { errorMessageOf, requirePayload } from '../../lib/user-errors';
import { CheckForm, localToday } from './check-form';
import { DeleteVolunteerCheckDocument, MyVolunteerChecksDocument } from './safeguarding.generated';
import { CHECK_EVENT_LABELS, MY_CHECKS_TEXTS as T } from './safeguarding-texts';

type Check = MyVolunteerChecksQuery['myVolunteerChecks'][number];

/** Expired, or expiring within the reminder's window: a badge. */
export function ExpiryBadge({ expiresOn }: { expiresOn: string }) {
  const today = localToday();
  if (isExpired(expiresOn, today)) return <Badge colorPalette="red">{T.expired}</Badge>;
  if (expiresOn <= addDays(today, CHECK_REMINDER_DAYS)) return <Badge colorPalette="orange">{T.expiresSoon}</Badge>;
  return null;
}

function CheckCard({ check, onChange, onDelete }: { check: Check; onChange: () => void; onDelete: () => void }) {
  const verifications = check.verifications.nodes;
  return (
    <Card.Root as="li" variant="outline">
      <Card.Body>
        <Stack gap="3">
          <HStack justify="space-between" align="flex-start" flexWrap="wrap" gap="2">
            <Stack gap="1">
              <HStack gap="2">
                <Text fontWeight="semibold">{check.kind.name}</Text>
                <ExpiryBadge expiresOn={check.expiresOn} />
              </HStack>
              <Text fontSize="sm" color="fg.muted">
                {T.issuedOn} {formatCalendarDate(check.issuedOn)} · {T.expiresOn} {formatCalendarDate(check.expiresOn)}
              </Text>
            </Stack>
            <HStack gap="2">
              <Button size="sm" variant="outline" onClick={onChange} aria-label={`${T.change}: ${check.kind.name}`}>
                {T.change}
              </Button>
              <Button size="sm" variant="outline" colorPalette="red" onClick={onDelete} aria-label={`${T.remove}: ${check.kind.name}`}>
                {T.remove}
              </Button>
            </HStack>
          </HStack>
          {verifications.length ? (
            <Stack as="ul" gap="1" listStyleType="none" aria-label={`${T.verifiedBy}: ${check.kind.name}`}>
              {verifications.map((v) => (
                <Text as="li" key={`${v.club?.id ?? 'gone'}-${v.verifiedAt}`} fontSize="sm">
                  <LuShieldCheck aria-hidden style={{ display: 'inline', marginRight: 4 }} />
                  {T.verifiedBy} {v.club?.name ?? 'a former club'}
                  {v.verifiedBy && v.verifiedBy.name !== v.club?.name ? ` (${v.verifiedBy.name})` : ''} on {formatDateTime(v.verifiedAt)}
                </Text>
              ))}
            </Stack>
          ) : (
            <Text fontSize="sm" color="fg.muted">
              {T.notVerified}
            </Text>
          )}
          {check.history.nodes.length > 0 && (
            <Box as="details" fontSize="sm">
              <Box as="summary" cursor="pointer" color="colorPalette.fg" colorPalette="teal">
                {T.historyTitle(check.history.totalCount)}
              </Box>
              <Stack as="ul" gap="1" mt="2" listStyleType="none">
                {check.history.nodes.map((event, i) => (
                  <Text as="li" key={`${event.createdAt}-${i}`} color="fg.muted">
                    {formatDateTime(event.createdAt)}: {CHECK_EVENT_LABELS[event.action]}
                    {event.actor ? ` by ${event.actor.name}` : ''}
                    {event.club && event.club.name !== event.actor?.name ? ` (${event.club.name})` : ''}
                  </Text>
                ))}
              </Stack>
            </Box>
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

/** The volunteer profile's 'Safeguarding checks' section: record, change and delete one's own
 *  checks; which clubs verified each one; each check's history (who viewed or changed it). */
export function MyChecksSection() {
  const { data, error, refetch } = useQuery(MyVolunteerChecksDocument, { fetchPolicy: 'cache-and-network', context: { silent: true } });
  const [remove, { loading: removing }] = useMutation(DeleteVolunteerCheckDocument, { refetchQueries: ['MyVolunteerChecks'], awaitRefetchQueries: true, context: { silent: true } });
  const [editing, setEditing] = useState<Check | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Check | null>(null);
  const checks = data?.myVolunteerChecks;

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      requirePayload((await remove({ variables: { input: { checkId: deleting.id } } })).data?.deleteVolunteerCheck);
      notifySuccess(T.deleted);
      setDeleting(null);
    } catch (failure) {
      notifyError(T.deleteFailed, errorMessageOf(failure));
    }
  };

  return (
    <Box id="safeguarding-checks">
      <SectionCard title={T.title} level="h2" icon={<LuShieldCheck aria-hidden />} description={T.description}>
        <Stack gap="4">
          {error && !checks && <LoadError title={T.loadFailed} onRetry={() => void refetch().catch(() => undefined)} />}
          {checks?.length === 0 && <Text color="fg.muted">{T.none}</Text>}
          {checks && checks.length > 0 && (
            <Stack as="ul" gap="3" listStyleType="none" aria-label={T.title}>
              {checks.map((check) => (
                <CheckCard key={check.id} check={check} onChange={() => setEditing(check)} onDelete={() => setDeleting(check)} />
              ))}
            </Stack>
          )}
          <Button alignSelf="flex-start" colorPalette="teal" variant="outline" onClick={() => setEditing('new')}>
            <LuPlus aria-hidden /> {T.add}
          </Button>
        </Stack>
      </SectionCard>
      <FormDialog open={editing !== null} onClose={() => setEditing(null)} title={editing === 'new' ? T.addTitle : T.changeTitle}>
        {editing !== null && <CheckForm check={editing === 'new' ? undefined : editing} onSaved={() => setEditing(null)} />}
      </FormDialog>
      <ConfirmDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title={T.removeTitle}
        question={T.removeQuestion}
        itemName={deleting?.kind.name}
        confirmLabel={T.remove}
        busyLabel={T.removing}
        busy={removing}
        onConfirm={() => void confirmDelete()}
      />
    </Box>
  );
}
