// Issue 30 §1–2 on the web: the position form's places fields (text in, numbers out, the server's
// limits and words), the volunteer's places-left and waiting-line texts, and the withdraw
// confirmation that says a held place goes to the next in line.
import { describe, expect, it } from 'vitest';
import { OFFER_HOURS_MAX, PLACES_MAX, PLACES_MESSAGES } from '@clubroom/rules/opportunities-texts';
import { positionFormRules } from '../../web/src/features/club-dashboard/position-form-rules.js';
import { positionPlacesDefaults, wholeNumberIn } from '../../web/src/features/club-dashboard/position-places-rules.js';
import { appliedText, applicationFilterOf, placesLeftText, withdrawQuestion } from '../../web/src/features/volunteer/volunteer-format.js';
import { WITHDRAW_QUESTIONS } from '../../web/src/features/volunteer/volunteer-texts.js';

const BASE = { title: 'Kit helper', description: 'Helps with the kit on match days.', requiredSkills: [], startDate: '', isRecurring: false, requiredCheckId: '' };

function parse(places: string, waitlistPolicy: 'AUTOMATIC' | 'OFFER' = 'AUTOMATIC', offerHours = '24') {
  return positionFormRules.safeParse({ ...BASE, places, waitlistPolicy, offerHours });
}

function messagesOf(result: ReturnType<typeof parse>, field: string): string[] {
  return result.success ? [] : result.error.issues.filter((issue) => issue.path[0] === field).map((issue) => issue.message);
}

describe('the position form’s places fields', () => {
  it('sends an empty places field as no limit, and a whole number as that number', () => {
    expect(parse('')).toMatchObject({ success: true, data: { places: null, waitlistPolicy: 'AUTOMATIC', offerHours: 24 } });
    expect(parse(' 3 ', 'OFFER', '48')).toMatchObject({ success: true, data: { places: 3, waitlistPolicy: 'OFFER', offerHours: 48 } });
    expect(parse(String(PLACES_MAX))).toMatchObject({ success: true, data: { places: PLACES_MAX } });
  });

  it('refuses places that are not a whole number from 1 to the maximum, in the server’s words', () => {
    for (const bad of ['0', '-1', '2.5', 'ten', String(PLACES_MAX + 1), '1e3']) {
      expect(messagesOf(parse(bad), 'places'), bad).toEqual([PLACES_MESSAGES.placesWhole]);
    }
  });

  it('refuses an offer that stands for less than an hour or more than a week', () => {
    for (const bad of ['0', '', String(OFFER_HOURS_MAX + 1), '1.5']) {
      expect(messagesOf(parse('2', 'OFFER', bad), 'offerHours'), bad).toEqual([PLACES_MESSAGES.offerHours]);
    }
    expect(parse('2', 'OFFER', String(OFFER_HOURS_MAX)).success).toBe(true);
  });

  it('refuses a policy other than automatic or timed offer', () => {
    const result = positionFormRules.safeParse({ ...BASE, places: '', waitlistPolicy: 'LOTTERY', offerHours: '24' });
    expect(messagesOf(result as ReturnType<typeof parse>, 'waitlistPolicy')).toEqual([PLACES_MESSAGES.policy]);
  });

  it('starts a new position with no limit, automatic and 24 hours, and an edited one with its own', () => {
    expect(positionPlacesDefaults()).toEqual({ places: '', waitlistPolicy: 'AUTOMATIC', offerHours: '24' });
    expect(positionPlacesDefaults({ places: 4, waitlistPolicy: 'OFFER', offerHours: 12 })).toEqual({ places: '4', waitlistPolicy: 'OFFER', offerHours: '12' });
    expect(positionPlacesDefaults({ places: null, waitlistPolicy: 'AUTOMATIC', offerHours: 24 }).places).toBe('');
  });

  it('reads whole numbers only, within the bounds', () => {
    expect(wholeNumberIn('7', 1, 10)).toBe(7);
    expect(wholeNumberIn('11', 1, 10)).toBeNull();
    expect(wholeNumberIn('0x5', 1, 10)).toBeNull();
    expect(wholeNumberIn('', 1, 10)).toBeNull();
  });
});

describe('the volunteer’s places and waiting line', () => {
  it('says how many places are left, that a full one takes a waiting list, and nothing without a limit', () => {
    expect(placesLeftText({ places: 5, placesLeft: 2 })).toBe('2 places left');
    expect(placesLeftText({ places: 5, placesLeft: 1 })).toBe('1 place left');
    expect(placesLeftText({ places: 1, placesLeft: 0 })).toBe('Full: join the waiting list');
    expect(placesLeftText({ places: null, placesLeft: null })).toBeNull();
  });

  it('names the number in line on an opportunity the volunteer waits for', () => {
    expect(appliedText('WAITLISTED', 2)).toBe('Applied · Waiting list, number 2');
    expect(appliedText('OFFERED', 1)).toBe('Applied · Place offered');
    expect(appliedText('PENDING')).toBe('Applied · Pending');
  });

  it('filters the applications by the waiting-line statuses', () => {
    expect(applicationFilterOf('waitlisted').status).toBe('WAITLISTED');
    expect(applicationFilterOf('offered').status).toBe('OFFERED');
    expect(applicationFilterOf('lapsed').status).toBe('LAPSED');
  });

  it('asks before withdrawing, saying a held place goes to the next in line', () => {
    expect(withdrawQuestion('ACCEPTED')).toBe(WITHDRAW_QUESTIONS.place);
    expect(withdrawQuestion('OFFERED')).toBe(WITHDRAW_QUESTIONS.place);
    expect(WITHDRAW_QUESTIONS.place).toContain('goes to the next in line');
    expect(withdrawQuestion('WAITLISTED')).toBe(WITHDRAW_QUESTIONS.waiting);
    expect(withdrawQuestion('PENDING')).toBe(WITHDRAW_QUESTIONS.pending);
  });
});
