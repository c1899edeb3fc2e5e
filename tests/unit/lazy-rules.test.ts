// A form's rules loaded when it is first checked (web/src/lib/lazy-rules.ts), as the club profile
// form does (its page paints without zod): the same checks as the rules themselves, a failed load
// that checks and submits nothing and is tried again, and the profile form's field names, now read
// from its values, still the rules' own.
import type { FieldValues, ResolverOptions } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { clubProfileRules } from '../../server/src/modules/clubs/clubs.rules.js';
import { toProfileFormValues } from '../../web/src/features/club-dashboard/profile-form-values';
import { lazyRulesResolver, RULES_UNAVAILABLE } from '../../web/src/lib/lazy-rules';

const OPTIONS = { fields: {}, shouldUseNativeValidation: false, criteriaMode: 'firstError' } as ResolverOptions<FieldValues>;

describe('rules loaded when the form is first checked', () => {
  it("checks as the rules do, loading them once", async () => {
    let loads = 0;
    const resolver = lazyRulesResolver(async () => {
      loads++;
      return clubProfileRules;
    });
    expect(loads).toBe(0);
    const empty = await resolver(toProfileFormValues(null, 'owner@example.org'), undefined, OPTIONS as never);
    expect(Object.keys(empty.errors)).toEqual(expect.arrayContaining(['name', 'category', 'description']));
    const valid = await resolver(
      { ...toProfileFormValues(null, 'owner@example.org'), name: 'Kingfisher Rowing', category: 'Football', description: 'Football on the river for every age, from beginners to racers.' },
      undefined,
      OPTIONS as never,
    );
    expect(valid.errors).toEqual({});
    expect(valid.values).toMatchObject({ name: 'Kingfisher Rowing', category: 'Football' });
    expect(loads).toBe(1);
  });

  it('checks nothing when the rules do not load (offline), and asks again at the next submit', async () => {
    let fail = true;
    const resolver = lazyRulesResolver(async () => {
      if (fail) throw new TypeError('Failed to fetch dynamically imported module');
      return clubProfileRules;
    });
    const refused = await resolver(toProfileFormValues(null, ''), undefined, OPTIONS as never);
    expect(refused.values).toEqual({});
    expect(refused.errors).toEqual({ root: { type: 'unavailable', message: RULES_UNAVAILABLE.description } });
    fail = false;
    const checked = await resolver(toProfileFormValues(null, ''), undefined, OPTIONS as never);
    expect(Object.keys(checked.errors)).toContain('name');
  });

  it("the profile form's fields are the rules' fields", () => {
    expect(Object.keys(toProfileFormValues(null, '')).sort()).toEqual(Object.keys(clubProfileRules.shape).sort());
  });
});
