import { Badge, Button, Card, HStack, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { LuPlus } from 'react-icons/lu';
import { FormDialog } from '../../components/form-dialog';
import { LoadError } from '../../components/load-error';
import { PageSpinner } from '../../components/page-spinner';
import type { Safeguarding_KindFragment } from '../../gql/graphql';
import { notifyError, notifySuccess } from '../../lib/toaster';
import { errorMessageOf, requirePayload } from '../../lib/user-errors';
import { CheckKindForm } from './check-kind-form';
import { AdminCheckKindsDocument, SetCheckKindRetiredDocument } from './safeguarding.generated';
import { CHECK_KINDS_TEXTS as T } from './safeguarding-texts';

/** The admin panel's 'Safeguarding checks' tab: the platform's list of check kinds, to add,
 *  rename, describe, retire and restore. */
export function CheckKindsTab() {
  const { data, loading, error, refetch } = useQuery(AdminCheckKindsDocument, { fetchPolicy: 'cache-and-network', context: { silent: true } });
  const [setRetired] = useMutation(SetCheckKindRetiredDocument, { refetchQueries: ['CheckKinds'], context: { silent: true } });
  const [editing, setEditing] = useState<Safeguarding_KindFragment | 'new' | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const kinds = data?.adminCheckKinds;

  const toggle = async (kind: Safeguarding_KindFragment) => {
    const retired = kind.retiredAt === null;
    setBusy(kind.id);
    try {
      requirePayload((await setRetired({ variables: { input: { checkKindId: kind.id, retired } } })).data?.setCheckKindRetired);
      notifySuccess(retired ? T.retiredToast(kind.name) : T.restoredToast(kind.name));
    } catch (failure) {
      notifyError(T.saveFailed, errorMessageOf(failure));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Stack gap="4">
      <HStack justify="space-between" align="center" flexWrap="wrap" gap="3">
        <Text color="fg.muted" maxW="3xl">
          {T.intro}
        </Text>
        <Button colorPalette="teal" onClick={() => setEditing('new')}>
          <LuPlus aria-hidden /> {T.add}
        </Button>
      </HStack>
      {error && !kinds && <LoadError title={T.loadFailed} onRetry={() => void refetch().catch(() => undefined)} />}
      {!kinds && loading && <PageSpinner />}
      {kinds?.length === 0 && <Text color="fg.muted">{T.empty}</Text>}
      {kinds && kinds.length > 0 && (
        <Stack as="ul" gap="3" listStyleType="none" aria-label="Safeguarding checks">
          {kinds.map((kind) => (
            <Card.Root as="li" key={kind.id} variant="outline">
              <Card.Body>
                <HStack justify="space-between" align="flex-start" gap="3" flexWrap="wrap">
                  <Stack gap="1" minW="0">
                    <HStack gap="2">
                      <Text fontWeight="semibold">{kind.name}</Text>
                      {kind.retiredAt && <Badge colorPalette="gray">{T.retired}</Badge>}
                    </HStack>
                    {kind.description && (
                      <Text fontSize="sm" color="fg.muted">
                        {kind.description}
                      </Text>
                    )}
                  </Stack>
                  <HStack gap="2">
                    <Button size="sm" variant="outline" onClick={() => setEditing(kind)} aria-label={`${T.edit} ${kind.name}`}>
                      {T.edit}
                    </Button>
                    <Button
                      size="sm"
                      variant="outline"
                      colorPalette={kind.retiredAt ? 'teal' : 'red'}
                      loading={busy === kind.id}
                      onClick={() => void toggle(kind)}
                      aria-label={`${kind.retiredAt ? T.restore : T.retire} ${kind.name}`}
                    >
                      {kind.retiredAt ? T.restore : T.retire}
                    </Button>
                  </HStack>
                </HStack>
              </Card.Body>
            </Card.Root>
          ))}
        </Stack>
      )}
      <FormDialog open={editing !== null} onClose={() => setEditing(null)} title={editing === 'new' ? T.addTitle : T.editTitle}>
        {editing !== null && <CheckKindForm kind={editing === 'new' ? undefined : editing} onSaved={() => setEditing(null)} />}
      </FormDialog>
    </Stack>
  );
}
