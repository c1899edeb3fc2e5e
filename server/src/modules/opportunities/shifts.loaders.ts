// The shifts' per-request DataLoaders: every relation a list of positions, shifts, applications or
// sign-ups asks for is one statement per batch.
import DataLoader from 'dataloader';
import type { PositionShiftRow, ShiftSignupRow, ShiftSwapRow } from '../../db/schema/index.js';
import type { ShiftSwapsService } from './shift-swaps.service.js';
import type { ShiftReadsService } from './shift-reads.service.js';

export interface ShiftLoaders {
  shift: DataLoader<string, PositionShiftRow | null>;
  shiftsOfPosition: DataLoader<string, PositionShiftRow[]>;
  shiftCounts: DataLoader<string, { accepted: number; offered: number; waiting: number }>;
  signup: DataLoader<string, ShiftSignupRow | null>;
  signupsOfApplication: DataLoader<string, ShiftSignupRow[]>;
  signupsOfShift: DataLoader<string, ShiftSignupRow[]>;
  /** `${volunteerId}:${shiftId}` → that volunteer's sign-up to it, or null. */
  mySignup: DataLoader<string, ShiftSignupRow | null>;
  swap: DataLoader<string, (ShiftSwapRow & { fromVolunteerId: string; toVolunteerId: string; clubId: string }) | null>;
}

export function createShiftLoaders(shifts: ShiftReadsService, swaps: ShiftSwapsService): ShiftLoaders {
  return {
    shift: new DataLoader((ids) => shifts.shiftsByIds(ids)),
    shiftsOfPosition: new DataLoader((ids) => shifts.shiftsOfPositions(ids)),
    shiftCounts: new DataLoader((ids) => shifts.shiftCounts(ids)),
    signup: new DataLoader((ids) => shifts.signupsByIds(ids)),
    signupsOfApplication: new DataLoader((ids) => shifts.signupsOfApplications(ids)),
    signupsOfShift: new DataLoader((ids) => shifts.signupsOfShifts(ids)),
    mySignup: new DataLoader((keys) => shifts.signupsOf(keys)),
    swap: new DataLoader((ids) => swaps.byIds(ids)),
  };
}

/** After a sign-up or a shift changed, later reads in the same request see it. */
export function forgetShifts(loaders: ShiftLoaders): void {
  for (const loader of Object.values(loaders) as Array<DataLoader<unknown, unknown>>) loader.clearAll();
}

declare module '../../graphql/context.js' {
  interface Loaders extends ShiftLoaders {}
}
