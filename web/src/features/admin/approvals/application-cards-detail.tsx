// The review's information cards (spec section 2): club, contact, admin notes, details.
import { Badge, Card, DataList, Heading, HStack, Link, Stack, Text, VisuallyHidden, Wrap } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { LuExternalLink, LuMail, LuPhone } from 'react-icons/lu';
import type { Approvals_DetailFragment } from '../../../gql/graphql';
import { formatDateTime } from '../../../lib/format';

function InfoCard({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <Card.Root variant="outline" as="section" aria-labelledby={id}>
      <Card.Header>
        <Heading as="h3" size="md" id={id}>
          {title}
        </Heading>
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card.Root>
  );
}

/** `value` if it is an http(s) address (a link must never run script). */
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

export function ClubInformationCard({ club }: { club: Approvals_DetailFragment }) {
  const website = webUrl(club.websiteUrl);
  return (
    <InfoCard title="Club Information" id="club-information-heading">
      <DataList.Root orientation="vertical" gap="4">
        <DataList.Item>
          <DataList.ItemLabel>Club Name</DataList.ItemLabel>
          <DataList.ItemValue>{club.name}</DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>Description</DataList.ItemLabel>
          <DataList.ItemValue whiteSpace="pre-line">{club.description || NOT_GIVEN}</DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>Location</DataList.ItemLabel>
          <DataList.ItemValue>{club.location || NOT_GIVEN}</DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>Sports</DataList.ItemLabel>
          <DataList.ItemValue>
            {club.sportTypes.length > 0 ? (
              <Wrap gap="1.5" as="ul" listStyleType="none" aria-label="Sports">
                {club.sportTypes.map((sport) => (
                  <li key={sport}>
                    <Badge colorPalette="teal" variant="outline">
                      {sport}
                    </Badge>
                  </li>
                ))}
              </Wrap>
            ) : (
              NOT_GIVEN
            )}
          </DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>Website</DataList.ItemLabel>
          <DataList.ItemValue>
            {website ? (
              <Link href={website} target="_blank" rel="noopener noreferrer" wordBreak="break-all">
                {club.websiteUrl}
                <LuExternalLink aria-hidden="true" />
                <VisuallyHidden>(opens in a new tab)</VisuallyHidden>
              </Link>
            ) : (
              NOT_GIVEN
            )}
          </DataList.ItemValue>
        </DataList.Item>
      </DataList.Root>
    </InfoCard>
  );
}

export function ContactInformationCard({ club }: { club: Approvals_DetailFragment }) {
  return (
    <InfoCard title="Contact Information" id="contact-information-heading">
      <Stack gap="2">
        <HStack gap="2">
          <LuMail aria-hidden="true" />
          <Link href={`mailto:${club.contactEmail}`} wordBreak="break-all">
            {club.contactEmail}
          </Link>
        </HStack>
        {club.contactPhone && (
          <HStack gap="2">
            <LuPhone aria-hidden="true" />
            <Link href={`tel:${club.contactPhone.replace(/[^\d+]/g, '')}`}>{club.contactPhone}</Link>
          </HStack>
        )}
      </Stack>
    </InfoCard>
  );
}

export function AdminNotesCard({ club }: { club: Approvals_DetailFragment }) {
  if (!club.adminNotes) return null;
  return (
    <InfoCard title="Admin Notes" id="admin-notes-heading">
      <Stack gap="2">
        <Text whiteSpace="pre-line">{club.adminNotes}</Text>
        {club.reviewedAt && (
          <Text fontSize="sm" color="fg.muted">
            Reviewed at {formatDateTime(club.reviewedAt)}
          </Text>
        )}
      </Stack>
    </InfoCard>
  );
}

/** 'Last Updated' only when it differs from the submission. */
export function ApplicationDetailsCard({ club }: { club: Approvals_DetailFragment }) {
  const updated = club.updatedAt && new Date(club.updatedAt).getTime() !== new Date(club.createdAt).getTime() ? club.updatedAt : null;
  return (
    <InfoCard title="Application Details" id="application-details-heading">
      <DataList.Root orientation="vertical" gap="3" size="sm">
        <DataList.Item>
          <DataList.ItemLabel>Submitted</DataList.ItemLabel>
          <DataList.ItemValue>{formatDateTime(club.createdAt)}</DataList.ItemValue>
        </DataList.Item>
        {updated && (
          <DataList.Item>
            <DataList.ItemLabel>Last Updated</DataList.ItemLabel>
            <DataList.ItemValue>{formatDateTime(updated)}</DataList.ItemValue>
          </DataList.Item>
        )}
        <DataList.Item>
          <DataList.ItemLabel>Reviewed</DataList.ItemLabel>
          <DataList.ItemValue>{club.reviewedAt ? formatDateTime(club.reviewedAt) : 'Not yet reviewed'}</DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>Application ID</DataList.ItemLabel>
          <DataList.ItemValue fontFamily="mono" fontSize="xs" wordBreak="break-all">
            {club.id}
          </DataList.ItemValue>
        </DataList.Item>
      </DataList.Root>
    </InfoCard>
  );
}
