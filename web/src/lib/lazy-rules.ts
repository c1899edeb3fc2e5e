// A form's rules (a zod schema from a server *.rules.ts) loaded when the form is first checked,
// not with its page: zod and the resolver are ~24 KB gzipped and ~0.1 s of evaluation at 4x CPU
// slowdown, and a page whose form is its largest paint (/club/dashboard's profile) waited for
// them on a slow phone without using them until the first submit. By then they are usually here
// (the page warms its other tabs, which load them, once it has painted). A load that fails
// (offline) checks nothing and submits nothing: the member is told, and the next submit asks again.
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { notifyError } from './toaster';

export const RULES_UNAVAILABLE = {
  title: 'The form could not be checked',
  description: 'Check your connection, then try again.',
};

export function lazyRulesResolver<Input extends FieldValues, Output extends FieldValues>(
  load: () => Promise<z.ZodType<Output, Input>>,
): Resolver<Input, unknown, Output> {
  let loaded: Promise<Resolver<Input, unknown, Output>> | undefined;
  return async (values, context, options) => {
    loaded ??= Promise.all([load(), import('@hookform/resolvers/zod')]).then(
      ([rules, { zodResolver }]) => zodResolver(rules) as unknown as Resolver<Input, unknown, Output>,
    );
    let resolver: Resolver<Input, unknown, Output>;
    try {
      resolver = await loaded;
    } catch (error) {
      loaded = undefined;
      console.error('Loading the form rules failed:', error);
      notifyError(RULES_UNAVAILABLE.title, RULES_UNAVAILABLE.description);
      return { values: {}, errors: { root: { type: 'unavailable', message: RULES_UNAVAILABLE.description } } as FieldErrors<Input> };
    }
    return resolver(values, context, options);
  };
}
