import { Box, Field } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { FieldError } from 'react-hook-form';
import { fieldMessages } from '../lib/form-errors';

interface FormFieldProps {
  label: ReactNode;
  error?: FieldError;
  helperText?: ReactNode;
  children: ReactNode;
}

/** A labelled form control with every validation message of the field. */
export function FormField({ label, error, helperText, children }: FormFieldProps) {
  const messages = fieldMessages(error);
  return (
    <Field.Root invalid={messages.length > 0}>
      <Field.Label>{label}</Field.Label>
      {children}
      {helperText && messages.length === 0 && <Field.HelperText>{helperText}</Field.HelperText>}
      <Field.ErrorText flexDirection="column" alignItems="flex-start">
        {messages.map((message) => (
          <Box as="span" key={message}>
            {message}
          </Box>
        ))}
      </Field.ErrorText>
    </Field.Root>
  );
}
