import { Button, Card, Field, Heading, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { errorMessageOf } from '../../lib/user-errors';
import { notifyError, notifySuccess } from '../../lib/toaster';
import { COUNCIL_ADMIN_TOASTS } from './council-admin-texts';
import { useCouncilAdmins, useGrantCouncilAdmin, useRevokeCouncilAdmin } from './use-council-admins';

/** Who may manage council meetings besides the platform administrators. */
export function CouncilAdminsCard() {
  const { admins, error, loading } = useCouncilAdmins();
  const { grant, granting } = useGrantCouncilAdmin();
  const revoke = useRevokeCouncilAdmin();
  const [email, setEmail] = useState('');
  const [revoking, setRevoking] = useState<string>();

  const onGrant = async (event: FormEvent) => {
    event.preventDefault();
    const value = email.trim();
    if (!value) return;
    try {
      await grant(value);
      notifySuccess(COUNCIL_ADMIN_TOASTS.granted);
      setEmail('');
    } catch (cause) {
      console.error('Granting the council administrator role failed:', cause);
      notifyError(errorMessageOf(cause) ?? COUNCIL_ADMIN_TOASTS.grantFailed);
    }
  };

  const onRevoke = async (target: string) => {
    setRevoking(target);
    try {
      await revoke(target);
      notifySuccess(COUNCIL_ADMIN_TOASTS.revoked);
    } catch (cause) {
      console.error('Revoking the council administrator role failed:', cause);
      notifyError(errorMessageOf(cause) ?? COUNCIL_ADMIN_TOASTS.revokeFailed);
    } finally {
      setRevoking(undefined);
    }
  };

  return (
    <Card.Root variant="outline" as="section" aria-labelledby="council-admins-heading">
      <Card.Header>
        <Heading as="h2" size="md" id="council-admins-heading">
          Council Administrators
        </Heading>
        <Text fontSize="sm" color="fg.muted">
          Platform administrators are council administrators already; grant access to anyone else by email.
        </Text>
      </Card.Header>
      <Card.Body>
        <Stack gap="4">
          {error && !admins && <Text color="fg.error">Failed to load council administrators.</Text>}
          {!loading && admins?.length === 0 && <Text color="fg.muted">No council administrators granted yet.</Text>}
          {admins && admins.length > 0 && (
            <Stack as="ul" listStyleType="none" gap="2" aria-label="Council administrators">
              {admins.map((admin) => (
                <HStack as="li" key={admin.email} justify="space-between" gap="3" flexWrap="wrap">
                  <Text>
                    {admin.email}
                    {admin.fullName && (
                      <Text as="span" color="fg.muted">
                        {' '}
                        ({admin.fullName})
                      </Text>
                    )}
                  </Text>
                  <Button
                    size="xs"
                    variant="outline"
                    colorPalette="red"
                    aria-label={`Revoke ${admin.email}`}
                    loading={revoking === admin.email}
                    onClick={() => void onRevoke(admin.email)}
                  >
                    Revoke
                  </Button>
                </HStack>
              ))}
            </Stack>
          )}
          <form onSubmit={(event) => void onGrant(event)} noValidate>
            <HStack align="flex-end" gap="3" flexWrap="wrap">
              <Field.Root maxW="sm">
                <Field.Label>Email address</Field.Label>
                <Input type="email" autoComplete="off" value={email} onChange={(event) => setEmail(event.target.value)} />
              </Field.Root>
              <Button type="submit" colorPalette="teal" loading={granting}>
                Grant access
              </Button>
            </HStack>
          </form>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
