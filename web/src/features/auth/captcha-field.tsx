import { HStack, IconButton, Input } from '@chakra-ui/react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { LuRefreshCw } from 'react-icons/lu';
import { FormField } from '../../components/form-field';

interface CaptchaFieldProps {
  a: number;
  b: number;
  error?: FieldError;
  registration: UseFormRegisterReturn;
  onRefresh: () => void;
}

export function CaptchaField({ a, b, error, registration, onRefresh }: CaptchaFieldProps) {
  return (
    <FormField label={`What is ${a} + ${b}?`} error={error}>
      <HStack width="full">
        <Input inputMode="numeric" autoComplete="off" maxW="32" {...registration} />
        <IconButton aria-label="Refresh captcha" variant="outline" onClick={onRefresh}>
          <LuRefreshCw />
        </IconButton>
      </HStack>
    </FormField>
  );
}
