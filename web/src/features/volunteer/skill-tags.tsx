import { Badge, HStack } from '@chakra-ui/react';
import { skillsPreview } from './volunteer-format';

interface SkillTagsProps {
  skills: readonly string[];
  /** How many to show before '+N more'; all when not given. */
  max?: number;
  label?: string;
}

/** Skills as tags: on cards at most 4, then '+N more'. */
export function SkillTags({ skills, max, label = 'Skills' }: SkillTagsProps) {
  if (skills.length === 0) return null;
  const { shown, more } = skillsPreview(skills, max ?? skills.length);
  return (
    <HStack as="ul" aria-label={label} listStyleType="none" flexWrap="wrap" gap="1.5">
      {shown.map((skill) => (
        <Badge as="li" key={skill} colorPalette="teal" variant="subtle" maxW="full" wordBreak="break-word" whiteSpace="normal">
          {skill}
        </Badge>
      ))}
      {more > 0 && (
        <Badge as="li" variant="outline">
          +{more} more
        </Badge>
      )}
    </HStack>
  );
}
