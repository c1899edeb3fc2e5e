import { Avatar, Card, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import type { VolunteerApplicationDetailQuery } from '../../gql/graphql';
import { SkillTags } from '../../components/skill-tags';

type Application = NonNullable<VolunteerApplicationDetailQuery['volunteerApplication']>;

/** The club's view of the applicant: the volunteer profile's summary (never its email unless the
 *  server gives it, i.e. to administrators). */
export function VolunteerSummary({ application }: { application: Application }) {
  const profile = application.volunteerProfile;
  const name = profile?.fullName ?? application.volunteer.name;
  return (
    <Card.Root variant="outline" as="section" aria-labelledby="volunteer-summary">
      <Card.Body>
        <Stack gap="4">
          <HStack gap="4">
            <Avatar.Root size="xl" colorPalette="teal">
              <Avatar.Fallback name={name} />
              {profile?.profileImageUrl && <Avatar.Image src={profile.profileImageUrl} alt={`Profile photo of ${name}`} />}
            </Avatar.Root>
            <Stack gap="0.5" minW="0">
              <Heading as="h2" size="md" id="volunteer-summary" wordBreak="break-word">
                {name}
              </Heading>
              {profile?.location && <Text color="fg.muted">{profile.location}</Text>}
              {profile?.email && <Text color="fg.muted">{profile.email}</Text>}
            </Stack>
          </HStack>
          {profile ? (
            <>
              {profile.skills.length > 0 && <SkillTags skills={profile.skills} label={`Skills of ${name}`} />}
              {profile.availability.length > 0 && (
                <Text textStyle="sm">
                  <Text as="span" fontWeight="semibold">
                    Availability:
                  </Text>{' '}
                  {profile.availability.join(', ')}
                </Text>
              )}
              {profile.bio && (
                <Text textStyle="sm" whiteSpace="pre-line" wordBreak="break-word">
                  {profile.bio}
                </Text>
              )}
            </>
          ) : (
            <Text color="fg.muted">This volunteer has no profile any more.</Text>
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
