// The forms checked by shared rules (a zod schema from a server *.rules.ts): each field is checked
// when the user leaves it (then as they type), and every message of a field is shown.
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type DefaultValues, type FieldValues } from 'react-hook-form';
import type { z } from 'zod';

export function useRulesForm<Input extends FieldValues, Output extends FieldValues>(
  rules: z.ZodType<Output, Input>,
  defaultValues: DefaultValues<Input>,
) {
  return useForm<Input, unknown, Output>({ resolver: zodResolver(rules), mode: 'onTouched', criteriaMode: 'all', defaultValues });
}
