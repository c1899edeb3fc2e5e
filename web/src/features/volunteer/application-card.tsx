import { Button, Card, Heading, HStack, Link, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { memo } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { VolunteerApplicationCard_ApplicationFragment } from '../../gql/graphql';
import { formatDate } from '../../lib/format';
import { CARD_SKILLS_MAX, SkillTags } from '../../components/skill-tags';
import { ApplicationMessageButton } from './application-message-button';
import { ApplicationPlaceNotice } from './application-place-notice';
import { ApplicationStatusBadge } from './application-status-badge';
import { applicationPath, clubPath } from './volunteer-format';
import { WithdrawButton } from './withdraw-button';

interface ApplicationCardProps {
  application: VolunteerApplicationCard_ApplicationFragment;
  level?: 'h3' | 'h4';
}

/** One of the volunteer's applications: status, title, club, when, its place in line or an offered
 *  place (Accept place / Decline), skills, and 'View', 'Contact Club' (accepted only) and
 *  'Withdraw' (while it is open). */
export const ApplicationCard = memo(function ApplicationCard({ application, level = 'h3' }: ApplicationCardProps) {
  const headingId = `application-${application.id}-title`;
  const { position } = application;
  return (
    <Card.Root as="article" aria-labelledby={headingId} variant="outline" size="sm" h="full">
      <Card.Body gap="3">
        <HStack justifyContent="space-between" alignItems="flex-start" gap="3">
          <Stack gap="1" minW="0">
            <Heading as={level} size="md" id={headingId} wordBreak="break-word">
              {position.title}
            </Heading>
            <Text textStyle="sm">
              <Link asChild colorPalette="teal" color="colorPalette.fg">
                <RouterLink to={clubPath(application.club.id)}>{application.club.name}</RouterLink>
              </Link>
            </Text>
          </Stack>
          <ApplicationStatusBadge status={application.status} />
        </HStack>
        <Text textStyle="sm" color="fg.muted">
          Applied {formatDate(application.appliedAt)}
        </Text>
        <ApplicationPlaceNotice application={application} title={position.title} answerable compact />
        <SkillTags skills={position.requiredSkills} max={CARD_SKILLS_MAX} label={`Skills for ${position.title}`} />
      </Card.Body>
      <Card.Footer borderTopWidth="1px" pt="3">
        <HStack gap="2" flexWrap="wrap">
          <Button asChild size="sm" variant="outline" colorPalette="teal">
            <RouterLink to={applicationPath(application.id)}>
              View<VisuallyHidden> application: {position.title}</VisuallyHidden>
            </RouterLink>
          </Button>
          {application.status === 'ACCEPTED' && (
            <ApplicationMessageButton applicationId={application.id} label="Contact Club" />
          )}
          {application.canWithdraw && <WithdrawButton applicationId={application.id} title={position.title} status={application.status} />}
        </HStack>
      </Card.Footer>
    </Card.Root>
  );
});
