import { Badge, Box, CloseButton, Field, HStack, Input, Text } from '@chakra-ui/react';
import { useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import { SKILL_MAX, SKILLS_MAX, skillKey, VOLUNTEER_MESSAGES } from '@clubroom/rules/volunteers-texts';
import { addSkill, skillsErrorOf } from './skills';

interface SkillsInputProps {
  /** 'Skills' unless told. */
  label?: string;
  value: string[];
  onChange: (skills: string[]) => void;
  onBlur?: () => void;
  /** The form's error for the list or one of its items (e.g. the server's). */
  error?: unknown;
  placeholder?: string;
  helperText?: ReactNode;
  /** Names the list of added skills for assistive technology. */
  listLabel?: string;
  /** Said while the list is empty; nothing when null. */
  emptyText?: string | null;
}

/** Skills as removable chips: type one and press Enter (or a comma); at most 20, each at most
 *  40 characters, a skill already listed (in any letter case) is not added twice (the server keeps
 *  the first spelling). Used by the volunteer profile and the position form. */
export function SkillsInput({
  label = 'Skills',
  value,
  onChange,
  onBlur,
  error,
  placeholder = 'e.g. First aid, coaching, photography',
  helperText = `Type a skill and press Enter. Up to ${SKILLS_MAX} skills, each up to ${SKILL_MAX} characters.`,
  listLabel = 'Your skills',
  emptyText = 'No skills added yet.',
}: SkillsInputProps) {
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const listId = useId();

  const commit = () => {
    const result = addSkill(value, text);
    setProblem(result.problem);
    if (result.problem) return false;
    if (result.skills !== value) onChange(result.skills);
    setText('');
    return true;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === ',') {
      // Enter adds the skill instead of submitting the form.
      event.preventDefault();
      commit();
    }
  };

  const remove = (skill: string) => {
    onChange(value.filter((item) => skillKey(item) !== skillKey(skill)));
    setProblem(null);
  };

  const message = problem ?? skillsErrorOf(error);
  return (
    <Field.Root invalid={!!message}>
      <Field.Label>{label}</Field.Label>
      <Input
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          if (problem) setProblem(null);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => {
          // A skill typed but not yet added is kept when the user moves on (or saves).
          if (text.trim()) commit();
          onBlur?.();
        }}
        placeholder={placeholder}
        autoComplete="off"
        aria-describedby={listId}
        disabled={value.length >= SKILLS_MAX}
      />
      {message ? <Field.ErrorText>{message}</Field.ErrorText> : <Field.HelperText>{helperText}</Field.HelperText>}
      <Box id={listId} w="full" mt="1">
        {value.length === 0 ? (
          emptyText && (
            <Text textStyle="sm" color="fg.muted">
              {emptyText}
            </Text>
          )
        ) : (
          <HStack as="ul" aria-label={listLabel} listStyleType="none" flexWrap="wrap" gap="2">
            {value.map((skill) => (
              <Badge as="li" key={skillKey(skill)} colorPalette="teal" variant="subtle" size="lg" pe="0.5" gap="1" maxW="full">
                <Text as="span" wordBreak="break-word" whiteSpace="normal">
                  {skill}
                </Text>
                <CloseButton size="2xs" aria-label={`Remove ${skill}`} onClick={() => remove(skill)} />
              </Badge>
            ))}
          </HStack>
        )}
        {value.length >= SKILLS_MAX && (
          <Text textStyle="sm" color="fg.muted" mt="1">
            {VOLUNTEER_MESSAGES.skillsMax}.
          </Text>
        )}
      </Box>
    </Field.Root>
  );
}
