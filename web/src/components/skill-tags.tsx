import { Badge, HStack, Text } from '@chakra-ui/react';

/** Cards show at most this many skills, then '+N more' (spec section 9). */
export const CARD_SKILLS_MAX = 4;

interface SkillTagsProps {
  skills: readonly string[];
  /** How many to show before '+N more'; every one when absent. */
  max?: number;
  /** Names the list for assistive technology (e.g. 'Required skills'). */
  label: string;
}

/** A row of skill tags, cut to `max` with '+N more'. Nothing when there are none. */
export function SkillTags({ skills, max, label }: SkillTagsProps) {
  if (skills.length === 0) return null;
  const shown = max === undefined ? skills : skills.slice(0, max);
  const more = skills.length - shown.length;
  return (
    <HStack as="ul" aria-label={label} gap="1.5" flexWrap="wrap" listStyleType="none">
      {shown.map((skill) => (
        <li key={skill}>
          <Badge variant="outline" colorPalette="teal">
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
