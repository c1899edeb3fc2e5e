import { Field, TagsInput } from '@chakra-ui/react';
import type { FieldError } from 'react-hook-form';
import { SKILL_MAX, SKILLS_MAX } from '../../../../server/src/modules/volunteers/volunteers.rules';
import { fieldMessages } from '../../lib/form-errors';

interface SkillsInputProps {
  label: string;
  value: string[];
  onChange: (skills: string[]) => void;
  onBlur?: () => void;
  /** The list's error, or the first item's (an item that is too long). */
  error?: FieldError;
  helperText?: string;
}

/** A list of skills typed one at a time: Enter or a comma adds one, a click on a tag's x removes
 *  it; what is still typed when the field loses focus is added too. */
export function SkillsInput({ label, value, onChange, onBlur, error, helperText }: SkillsInputProps) {
  const messages = fieldMessages(error);
  return (
    <Field.Root invalid={messages.length > 0}>
      <TagsInput.Root
        value={value}
        onValueChange={(details) => onChange(details.value)}
        max={SKILLS_MAX}
        maxLength={SKILL_MAX}
        blurBehavior="add"
        addOnPaste
        delimiter=","
        // Skills differ only in letter case count as one (the server keeps the first spelling).
        validate={(details) => !details.value.some((skill) => skill.toLowerCase() === details.inputValue.trim().toLowerCase())}
        onBlur={onBlur}
        size="sm"
        colorPalette="teal"
      >
        <TagsInput.Label>{label}</TagsInput.Label>
        <TagsInput.Control>
          <TagsInput.Items />
          <TagsInput.Input placeholder={value.length === 0 ? 'Type a skill and press Enter' : 'Add another'} />
        </TagsInput.Control>
      </TagsInput.Root>
      {helperText && messages.length === 0 && <Field.HelperText>{helperText}</Field.HelperText>}
      <Field.ErrorText>{messages[0]}</Field.ErrorText>
    </Field.Root>
  );
}
