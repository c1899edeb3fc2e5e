// The review's information cards (spec section 2): club, contact, admin notes, details.
import { DataList, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { LuMail, LuPhone } from 'react-icons/lu';
import { SectionCard } from '../../../components/section-card';
import type { Approvals_DetailFragment } from '../../../gql/graphql';
import { formatDateTime } from '../../../lib/format';
import { LabelledValue, NOT_GIVEN, SportBadges, WebsiteLink } from '../club-fields';

export function ClubInformationCard({ club }: { club: Approvals_DetailFragment }) {
  return (
    <SectionCard title="Club Information">
      <DataList.Root orientation="vertical" gap="4">
        <LabelledValue label="Club Name">{club.name}</LabelledValue>
        <LabelledValue label="Description" whiteSpace="pre-line">
          {club.description || NOT_GIVEN}
        </LabelledValue>
        <LabelledValue label="Location">{club.location || NOT_GIVEN}</LabelledValue>
        <LabelledValue label="Sports">
          <SportBadges sports={club.sportTypes} />
        </LabelledValue>
        <LabelledValue label="Website">
          <WebsiteLink url={club.websiteUrl} />
        </LabelledValue>
      </DataList.Root>
    </SectionCard>
  );
}

export function ContactInformationCard({ club }: { club: Approvals_DetailFragment }) {
  return (
    <SectionCard title="Contact Information">
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
    </SectionCard>
  );
}

export function AdminNotesCard({ club }: { club: Approvals_DetailFragment }) {
  if (!club.adminNotes) return null;
  return (
    <SectionCard title="Admin Notes">
      <Stack gap="2">
        <Text whiteSpace="pre-line">{club.adminNotes}</Text>
        {club.reviewedAt && (
          <Text fontSize="sm" color="fg.muted">
            Reviewed at {formatDateTime(club.reviewedAt)}
          </Text>
        )}
      </Stack>
    </SectionCard>
  );
}

/** 'Last Updated' only when it differs from the submission. */
export function ApplicationDetailsCard({ club }: { club: Approvals_DetailFragment }) {
  const updated = club.updatedAt && new Date(club.updatedAt).getTime() !== new Date(club.createdAt).getTime() ? club.updatedAt : null;
  return (
    <SectionCard title="Application Details">
      <DataList.Root orientation="vertical" gap="3" size="sm">
        <LabelledValue label="Submitted">{formatDateTime(club.createdAt)}</LabelledValue>
        {updated && <LabelledValue label="Last Updated">{formatDateTime(updated)}</LabelledValue>}
        <LabelledValue label="Reviewed">{club.reviewedAt ? formatDateTime(club.reviewedAt) : 'Not yet reviewed'}</LabelledValue>
        <LabelledValue label="Application ID" fontFamily="mono" fontSize="xs" wordBreak="break-all">
          {club.id}
        </LabelledValue>
      </DataList.Root>
    </SectionCard>
  );
}
