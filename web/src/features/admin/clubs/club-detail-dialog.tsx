import { Badge, Button, CloseButton, DataList, Dialog, HStack, Image, Link, Portal, Text, VisuallyHidden } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { AdminClubs_ClubFragment } from '../../../gql/graphql';
import { formatDateTime } from '../../../lib/format';

interface ClubDetailDialogProps {
  /** The club shown; none closes the dialog. */
  club?: AdminClubs_ClubFragment;
  onClose: () => void;
  /** 'Verify Club' (or 'Unverify' for a verified club). */
  onVerify: (club: AdminClubs_ClubFragment) => void;
}

/** http(s) addresses only: a link must never run script. */
function webUrl(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

const NOT_GIVEN = (
  <Text as="span" color="fg.muted">
    Not provided
  </Text>
);

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue wordBreak="break-word">{children}</DataList.ItemValue>
    </DataList.Item>
  );
}

/** Everything the administrator needs to decide on a club's verification (spec section 3, 'Club
 *  (admin view)'). */
export function ClubDetailDialog({ club, onClose, onVerify }: ClubDetailDialogProps) {
  const website = webUrl(club?.websiteUrl);
  const logo = webUrl(club?.logoUrl) ?? (club?.logoUrl?.startsWith('/') ? club.logoUrl : undefined);
  return (
    <Dialog.Root open={!!club} onOpenChange={(details) => !details.open && onClose()} size="lg" scrollBehavior="inside" lazyMount unmountOnExit>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Club Details</Dialog.Title>
            </Dialog.Header>
            {club && (
              <Dialog.Body>
                <DataList.Root orientation="horizontal" size="sm" gap="3">
                  <Item label="Club ID">
                    <Text as="span" fontFamily="mono" fontSize="xs">
                      {club.id}
                    </Text>
                  </Item>
                  <Item label="Name">{club.name}</Item>
                  <Item label="Location">{club.location ?? NOT_GIVEN}</Item>
                  <Item label="Description">{club.description ?? NOT_GIVEN}</Item>
                  <Item label="Contact Email">
                    <Link href={`mailto:${club.contactEmail}`} colorPalette="teal" color="colorPalette.fg">
                      {club.contactEmail}
                    </Link>
                  </Item>
                  <Item label="Contact Phone">
                    {club.contactPhone ? (
                      <Link href={`tel:${club.contactPhone}`} colorPalette="teal" color="colorPalette.fg">
                        {club.contactPhone}
                      </Link>
                    ) : (
                      NOT_GIVEN
                    )}
                  </Item>
                  <Item label="Website">
                    {website ? (
                      <Link href={website} target="_blank" rel="noopener noreferrer" colorPalette="teal" color="colorPalette.fg">
                        {club.websiteUrl} <VisuallyHidden>(opens in a new tab)</VisuallyHidden>
                      </Link>
                    ) : (
                      NOT_GIVEN
                    )}
                  </Item>
                  <Item label="Logo">
                    {logo ? <Image src={logo} alt={`${club.name} logo`} maxH="16" maxW="32" objectFit="contain" /> : NOT_GIVEN}
                  </Item>
                  <Item label="Sport Types">
                    {club.sportTypes.length > 0 ? (
                      <HStack gap="1" flexWrap="wrap">
                        {club.sportTypes.map((sport) => (
                          <Badge key={sport} colorPalette="teal" variant="outline">
                            {sport}
                          </Badge>
                        ))}
                      </HStack>
                    ) : (
                      NOT_GIVEN
                    )}
                  </Item>
                  <Item label="Verified">
                    <Badge colorPalette={club.verified ? 'green' : 'gray'} variant="subtle">
                      {club.verified ? 'Verified' : 'Not verified'}
                    </Badge>
                  </Item>
                  <Item label="Created At">
                    <time dateTime={club.createdAt}>{formatDateTime(club.createdAt)}</time>
                  </Item>
                </DataList.Root>
              </Dialog.Body>
            )}
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button variant="outline">Close</Button>
              </Dialog.ActionTrigger>
              {club && (
                <Button colorPalette={club.verified ? 'red' : 'teal'} variant={club.verified ? 'outline' : 'solid'} onClick={() => onVerify(club)}>
                  {club.verified ? 'Unverify' : 'Verify Club'}
                </Button>
              )}
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
