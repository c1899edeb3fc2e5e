import { Badge, HStack, Text } from '@chakra-ui/react';
import { skillsPreview } from './skills';

export { CARD_SKILLS_MAX } from './skills';

interface SkillTagsProps {
  skills: readonly string[];
  /** How many to show before '+N more'; every one when absent. */
  max?: number;
  /** Names the list for assistive technology (e.g. 'Required skills'); 'Skills' when absent. */
  label?: string;
}

/** A row of skill tags, cut to `max` with '+N more'. Nothing when there are none. */
export function SkillTags({ skills, max, label = 'Skills' }: SkillTagsProps) {
  if (skills.length === 0) return null;
  const { shown, more } = skillsPreview(skills, max ?? skills.length);
  return (
    <HStack as="ul" aria-label={label} gap="1.5" flexWrap="wrap" listStyleType="none">
      {shown.map((skill) => (
        <li key={skill}>
          <Badge variant="outline" colorPalette="teal" maxW="full" wordBreak="break-word" whiteSpace="normal">
            {skill}
          </Badge>
        </li>
      ))}
      {more > 0 && (
        <Text as="li" textStyle="xs" color="fg.muted">
          +{more} more
        </Text>
      )}
    </HStack>
  );
}
