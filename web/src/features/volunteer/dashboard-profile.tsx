import { Avatar, Button, Card, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { LuPencil } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import type { VolunteerProfileForm_ProfileFragment } from '../../gql/graphql';
import { SkillTags } from '../../components/skill-tags';

/** The profile as clubs see it, and 'Edit Profile'. */
export function DashboardProfile({ profile }: { profile: VolunteerProfileForm_ProfileFragment }) {
  return (
    <Card.Root variant="outline">
      <Card.Body>
        <Stack gap="5">
          <HStack gap="4" alignItems="center" flexWrap="wrap" justifyContent="space-between">
            <HStack gap="4" minW="0">
              <Avatar.Root size="2xl" colorPalette="teal">
                <Avatar.Fallback name={profile.fullName} />
                {profile.profileImageUrl && <Avatar.Image src={profile.profileImageUrl} alt={`Profile photo of ${profile.fullName}`} />}
              </Avatar.Root>
              <Stack gap="0.5" minW="0">
                <Heading as="h2" size="lg" wordBreak="break-word">
                  {profile.fullName}
                </Heading>
                {profile.email && <Text color="fg.muted">{profile.email}</Text>}
                {profile.location && <Text color="fg.muted">{profile.location}</Text>}
              </Stack>
            </HStack>
            <Button asChild colorPalette="teal" variant="outline">
              <RouterLink to="/volunteer/profile">
                <LuPencil aria-hidden="true" />
                Edit Profile
              </RouterLink>
            </Button>
          </HStack>
          <Detail title="Skills">
            {profile.skills.length > 0 ? <SkillTags skills={profile.skills} label="Your skills" /> : <Muted>No skills added yet.</Muted>}
          </Detail>
          <Detail title="Availability">
            {profile.availability.length > 0 ? <Text>{profile.availability.join(', ')}</Text> : <Muted>Not given yet.</Muted>}
          </Detail>
          <Detail title="Bio">
            {profile.bio ? (
              <Text whiteSpace="pre-line" wordBreak="break-word">
                {profile.bio}
              </Text>
            ) : (
              <Muted>Not written yet.</Muted>
            )}
          </Detail>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

function Detail({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="1.5">
      <Heading as="h3" size="sm">
        {title}
      </Heading>
      {children}
    </Stack>
  );
}

function Muted({ children }: { children: ReactNode }) {
  return <Text color="fg.muted">{children}</Text>;
}
