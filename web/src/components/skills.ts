// The skills' small rules on screen: how many a card shows, and adding a typed one to a list
// (pure: unit-tested in tests/unit/volunteer-screens.test.ts, under Node's resolution: hence the
// import names its .js file).
import { SKILL_MAX, SKILLS_MAX, skillKey, VOLUNTEER_MESSAGES } from '@clubroom/rules/volunteers-texts';

/** Cards show at most this many skills, then '+N more' (spec section 9). */
export const CARD_SKILLS_MAX = 4;

/** The skills shown (at most `max`) and how many more there are ('+N more'). */
export function skillsPreview(skills: readonly string[], max = CARD_SKILLS_MAX): { shown: readonly string[]; more: number } {
  return { shown: skills.slice(0, max), more: Math.max(0, skills.length - max) };
}

/** Adds a typed skill to a list (the skills input): trimmed; a blank or a skill already in the
 *  list (any letter case) changes nothing; past 20 skills or 40 characters it says why. */
export function addSkill(skills: readonly string[], typed: string): { skills: string[]; problem: string | null } {
  const skill = typed.trim();
  const list = skills as string[];
  if (!skill) return { skills: list, problem: null };
  if (skill.length > SKILL_MAX) return { skills: list, problem: VOLUNTEER_MESSAGES.skillMax };
  if (skills.some((item) => skillKey(item) === skillKey(skill))) return { skills: list, problem: null };
  if (skills.length >= SKILLS_MAX) return { skills: list, problem: VOLUNTEER_MESSAGES.skillsMax };
  return { skills: [...skills, skill], problem: null };
}

/** The message of a skills list's form error: the list's own, or its first item's (one too long). */
export function skillsErrorOf(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const own = (error as { message?: unknown }).message;
  if (typeof own === 'string' && own) return own;
  for (const item of Object.values(error as Record<string, unknown>)) {
    if (item && typeof item === 'object' && typeof (item as { message?: unknown }).message === 'string') return (item as { message: string }).message;
  }
  return undefined;
}
