import { Avatar, Button, Card, Heading, HStack, Icon, Stack, Text } from '@chakra-ui/react';
import { useId } from 'react';
import { LuCalendarClock, LuMail, LuMapPin } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { ReportButton } from '../../components/report-button';
import { CARD_SKILLS_MAX, SkillTags } from '../../components/skill-tags';
import type { VolunteerSearchCard_ProfileFragment } from '../../gql/graphql';
import { composeToPath } from './volunteer-search-texts';

/** One volunteer as an approved club finds them: photo, name, location, skills, availability and
 *  the start of the bio. Never an email: 'Message' writes through Clubroom. */
export function VolunteerCard({ profile }: { profile: VolunteerSearchCard_ProfileFragment }) {
  const headingId = useId();
  return (
    <Card.Root as="article" aria-labelledby={headingId} variant="outline" h="full">
      <Card.Body>
        <Stack gap="3">
          <HStack gap="3" align="center">
            <Avatar.Root size="lg" colorPalette="teal">
              <Avatar.Fallback name={profile.fullName} />
              {profile.profileImageUrl && <Avatar.Image src={profile.profileImageUrl} alt="" />}
            </Avatar.Root>
            <Stack gap="0.5" minW="0">
              <Heading as="h2" size="md" id={headingId} wordBreak="break-word">
                {profile.fullName}
              </Heading>
              {profile.location && (
                <HStack gap="1" color="fg.muted" fontSize="sm">
                  <Icon size="sm">
                    <LuMapPin aria-hidden="true" />
                  </Icon>
                  <Text>{profile.location}</Text>
                </HStack>
              )}
            </Stack>
          </HStack>
          <SkillTags skills={profile.skills} max={CARD_SKILLS_MAX} label={`Skills of ${profile.fullName}`} />
          {profile.availability.length > 0 && (
            <HStack gap="1.5" fontSize="sm" align="flex-start">
              <Icon size="sm" mt="0.5" color="fg.muted">
                <LuCalendarClock aria-hidden="true" />
              </Icon>
              <Text>
                <Text as="span" fontWeight="medium">
                  Available:
                </Text>{' '}
                {profile.availability.join(', ')}
              </Text>
            </HStack>
          )}
          {profile.bio && (
            <Text fontSize="sm" color="fg.muted" lineClamp={3} wordBreak="break-word">
              {profile.bio}
            </Text>
          )}
        </Stack>
      </Card.Body>
      <Card.Footer justifyContent="space-between" gap="2" flexWrap="wrap">
        <Button asChild size="sm" colorPalette="teal" variant="outline">
          <RouterLink to={composeToPath(profile.member.id)} aria-label={`Message ${profile.fullName}`}>
            <LuMail aria-hidden="true" /> Message
          </RouterLink>
        </Button>
        <ReportButton
          target={{ type: 'PROFILE', id: profile.member.id, label: `the volunteer profile of ${profile.fullName}` }}
          ownerId={profile.member.id}
          name={`Report ${profile.fullName}`}
        />
      </Card.Footer>
    </Card.Root>
  );
}
