import { Badge, Button, DataList, Dialog, Image, Link, Text } from '@chakra-ui/react';
import { DialogFrame } from '../../../components/dialog-frame';
import type { AdminClubs_ClubFragment } from '../../../gql/graphql';
import { formatDateTime } from '../../../lib/format';
import { webUrl } from '../../../lib/web-url';
import { LabelledValue, NOT_GIVEN, SportBadges, WebsiteLink } from '../club-fields';

interface ClubDetailDialogProps {
  /** The club shown; none closes the dialog. */
  club?: AdminClubs_ClubFragment;
  onClose: () => void;
  /** 'Verify Club' (or 'Unverify' for a verified club). */
  onVerify: (club: AdminClubs_ClubFragment) => void;
}

/** Everything the administrator needs to decide on a club's verification (spec section 3, 'Club
 *  (admin view)'). */
export function ClubDetailDialog({ club, onClose, onVerify }: ClubDetailDialogProps) {
  const logo = webUrl(club?.logoUrl) ?? (club?.logoUrl?.startsWith('/') ? club.logoUrl : undefined);
  return (
    <DialogFrame open={!!club} onClose={onClose} title="Club Details" size="lg" scrollBehavior="inside">
      {club && (
        <Dialog.Body>
          <DataList.Root orientation="horizontal" size="sm" gap="3">
            <LabelledValue wordBreak="break-word" label="Club ID">
              <Text as="span" fontFamily="mono" fontSize="xs">
                {club.id}
              </Text>
            </LabelledValue>
            <LabelledValue wordBreak="break-word" label="Name">{club.name}</LabelledValue>
            <LabelledValue wordBreak="break-word" label="Location">{club.location ?? NOT_GIVEN}</LabelledValue>
            <LabelledValue wordBreak="break-word" label="Description">{club.description ?? NOT_GIVEN}</LabelledValue>
            <LabelledValue wordBreak="break-word" label="Contact Email">
              <Link href={`mailto:${club.contactEmail}`} colorPalette="teal" color="colorPalette.fg">
                {club.contactEmail}
              </Link>
            </LabelledValue>
            <LabelledValue wordBreak="break-word" label="Contact Phone">
              {club.contactPhone ? (
                <Link href={`tel:${club.contactPhone}`} colorPalette="teal" color="colorPalette.fg">
                  {club.contactPhone}
                </Link>
              ) : (
                NOT_GIVEN
              )}
            </LabelledValue>
            <LabelledValue wordBreak="break-word" label="Website">
              <WebsiteLink url={club.websiteUrl} />
            </LabelledValue>
            <LabelledValue wordBreak="break-word" label="Logo">{logo ? <Image src={logo} alt={`${club.name} logo`} maxH="16" maxW="32" objectFit="contain" /> : NOT_GIVEN}</LabelledValue>
            <LabelledValue wordBreak="break-word" label="Sport Types">
              <SportBadges sports={club.sportTypes} />
            </LabelledValue>
            <LabelledValue wordBreak="break-word" label="Verified">
              <Badge colorPalette={club.verified ? 'green' : 'gray'} variant="subtle">
                {club.verified ? 'Verified' : 'Not verified'}
              </Badge>
            </LabelledValue>
            <LabelledValue wordBreak="break-word" label="Created At">
              <time dateTime={club.createdAt}>{formatDateTime(club.createdAt)}</time>
            </LabelledValue>
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
    </DialogFrame>
  );
}
