// Mutation payloads (docs/API.md, 'Conventions'): every mutation answers its own payload type with
// nullable results and `userErrors` for rule violations, so one refused mutation never hides what
// another in the same document saved. Authentication, authorization and internal failures stay
// GraphQL errors.
import { Field, ObjectType, registerEnumType } from 'type-graphql';
import { AppError } from '../lib/errors.js';

export enum UserErrorCode {
  BAD_USER_INPUT = 'BAD_USER_INPUT',
  NOT_FOUND = 'NOT_FOUND',
  EMAIL_IN_USE = 'EMAIL_IN_USE',
  INVALID_CREDENTIALS = 'INVALID_CREDENTIALS',
  INVALID_RESET_TOKEN = 'INVALID_RESET_TOKEN',
  ACCOUNT_SUSPENDED = 'ACCOUNT_SUSPENDED',
}
registerEnumType(UserErrorCode, {
  name: 'UserErrorCode',
  description: 'Why a mutation refused its input.',
  valuesConfig: {
    BAD_USER_INPUT: { description: 'A value breaks a rule (too short, wrong format, not allowed in this state).' },
    NOT_FOUND: { description: 'An object the input names does not exist, or the caller may not see it.' },
    EMAIL_IN_USE: { description: 'An account with this email already exists.' },
    INVALID_CREDENTIALS: { description: 'The email and password do not match an account that may sign in.' },
    INVALID_RESET_TOKEN: { description: 'The password reset link is unknown, used or expired.' },
    ACCOUNT_SUSPENDED: { description: 'The account is suspended or banned; the message says why (and until when).' },
  },
});

const USER_ERROR_CODES = new Set<string>(Object.values(UserErrorCode));

@ObjectType({ description: 'A rule the input of a mutation broke. Nothing was changed by that mutation.' })
export class UserError {
  @Field(() => String, { nullable: true, description: "The input field at fault, as a path within the mutation's `input` (e.g. `clubName`, `times.2.endTime`); null when the error is about the input as a whole." })
  field!: string | null;

  @Field(() => UserErrorCode, { description: 'A stable code for programs.' })
  code!: UserErrorCode;

  @Field(() => String, { description: 'The message to show a person, in the product’s wording.' })
  message!: string;
}

/** The shape every payload shares; subclass it and add the result fields (nullable). */
// A base for subclasses to inherit fields from; never referenced itself, so never emitted.
@ObjectType()
export abstract class Payload {
  @Field(() => [UserError], { description: 'Rule violations; empty when the mutation succeeded.' })
  userErrors!: UserError[];
}

/** The user errors an AppError stands for, or null when it is not a rule violation. */
export function userErrorsOf(err: unknown): UserError[] | null {
  if (!(err instanceof AppError) || !USER_ERROR_CODES.has(err.code)) return null;
  const code = err.code as UserErrorCode;
  const fieldErrors = Object.entries(err.fields ?? {}).map(([field, message]) => ({ field, code, message }));
  const summaryShown = fieldErrors.some((e) => e.message === err.message);
  return summaryShown ? fieldErrors : [{ field: null, code, message: err.message }, ...fieldErrors];
}

/**
 * Runs a mutation's service call: its result goes into the payload through `toPayload`; a rule
 * violation becomes `userErrors` with every result field null; anything else is thrown on.
 */
export async function mutate<R, P extends object>(run: () => Promise<R>, toPayload: (result: R) => P): Promise<P & { userErrors: UserError[] }> {
  let result: R;
  try {
    result = await run();
  } catch (err) {
    const userErrors = userErrorsOf(err);
    if (!userErrors) throw err;
    return { userErrors } as unknown as P & { userErrors: UserError[] };
  }
  return { ...toPayload(result), userErrors: [] };
}
