import { HStack, Progress, Stack, Text } from '@chakra-ui/react';
import { SectionCard } from '../../../components/section-card';
import { verificationPercent, verifiedOfApproved } from './analytics-texts';

interface VerificationRateProps {
  /** Verified of approved clubs, 0..1. */
  rate: number;
  verified: number;
  approved: number;
}

/** 'Verification Rate': the share of approved clubs that are verified, as a whole-number
 *  percentage and a bar. */
export function VerificationRate({ rate, verified, approved }: VerificationRateProps) {
  const percent = verificationPercent(rate);
  return (
    <SectionCard title="Verification Rate">
      <Stack gap="3">
        <Progress.Root value={percent} max={100} colorPalette="teal" size="lg">
          <HStack justify="space-between" align="baseline" mb="2">
            <Progress.Label>Verified clubs</Progress.Label>
            <Progress.ValueText fontSize="2xl" fontWeight="semibold">
              {percent}%
            </Progress.ValueText>
          </HStack>
          <Progress.Track borderRadius="full">
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
        <Text color="fg.muted" fontSize="sm">
          {verifiedOfApproved(verified, approved)}
        </Text>
      </Stack>
    </SectionCard>
  );
}
