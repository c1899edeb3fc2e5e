import { Badge, Button, Card, HStack, Stack, Text } from '@chakra-ui/react';
import { LuEye } from 'react-icons/lu';
import { REPORT_REASON_LABELS } from '@clubroom/rules/moderation';
import { RelativeTime } from '../../../components/relative-time';
import type { Moderation_ReportFragment } from '../../../gql/graphql';
import { ReportStatusBadge, TargetTypeBadge } from './moderation-badges';

/** A person named on a report (or 'Unknown' once the account is gone). */
export function personName(person: { name: string } | null | undefined): string {
  return person?.name ?? 'Unknown';
}

/** One report in a list: what was reported, why, by whom, whose, when, and 'Review'. */
export function ReportRow({ report, onReview }: { report: Moderation_ReportFragment; onReview: () => void }) {
  const headingId = `report-${report.id}`;
  return (
    <Card.Root as="article" aria-labelledby={headingId} variant="outline" size="sm">
      <Card.Body>
        <HStack justify="space-between" align="flex-start" gap="4" flexWrap={{ base: 'wrap', md: 'nowrap' }}>
          <Stack gap="1.5" minW="0">
            <HStack gap="2" flexWrap="wrap">
              <TargetTypeBadge type={report.targetType} />
              <Text as="span" fontSize="sm" fontWeight="medium">
                {REPORT_REASON_LABELS[report.reason]}
              </Text>
              <ReportStatusBadge status={report.status} />
              {report.targetRemoved && (
                <Badge colorPalette="red" variant="outline">
                  Removed
                </Badge>
              )}
            </HStack>
            <Text as="h3" id={headingId} fontWeight="semibold" wordBreak="break-word">
              {report.targetLabel}
            </Text>
            {report.targetExcerpt && (
              <Text fontSize="sm" color="fg.muted" lineClamp={2} wordBreak="break-word">
                {report.targetExcerpt}
              </Text>
            )}
            <Text fontSize="sm" color="fg.muted" wordBreak="break-word">
              Reported by {personName(report.reporter)} · Owner {personName(report.targetOwner)} · <RelativeTime value={report.createdAt} />
            </Text>
          </Stack>
          <Button size="sm" variant="outline" flexShrink="0" aria-label={`Review report about ${report.targetLabel}`} onClick={onReview}>
            <LuEye aria-hidden /> Review
          </Button>
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}
