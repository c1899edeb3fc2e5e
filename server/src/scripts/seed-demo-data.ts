// The demo community's clubs: profiles, weekly sessions and volunteer positions.
import type { SportCategory } from '../modules/clubs/clubs.rules.js';

export type Status = 'pending' | 'approved' | 'rejected';

export interface DemoPosition {
  title: string;
  description: string;
  timeCommitment: string;
  live: boolean;
}

export interface DemoClub {
  owner: string;
  email: string;
  name: string;
  status: Status;
  verified?: boolean;
  notes?: string;
  category: SportCategory;
  city: string;
  description: string;
  website?: string;
  phone?: string;
  /** [ISO day, start, end] */
  sessions: Array<[number, string, string]>;
  positions: DemoPosition[];
}

const coach = (sport: string, live = true): DemoPosition => ({
  title: `Junior ${sport} Coach`,
  description: `Help our qualified coaches run ${sport.toLowerCase()} sessions for juniors aged 8 to 14.`,
  timeCommitment: '2 hours a week',
  live,
});
const treasurer = (live = false): DemoPosition => ({
  title: 'Club Treasurer',
  description: 'Keep the club accounts, collect subscriptions and report to the committee each quarter.',
  timeCommitment: '3 hours a month',
  live,
});
const matchday = (live = true): DemoPosition => ({
  title: 'Matchday Volunteer',
  description: 'Welcome visitors, run the tea hut and help set up and pack away on match days.',
  timeCommitment: 'Saturday mornings',
  live,
});

export const DEMO_CLUBS: DemoClub[] = [
  { owner: 'Sarah Whitfield', email: 'sarah@riversidefc.example', name: 'Riverside Football Club', status: 'approved', verified: true, category: 'Football', city: 'Bristol', description: 'Community football for all ages, from under-7s to veterans, on the riverside pitches.', website: 'https://riversidefc.example', phone: '0117 496 0123', sessions: [[2, '18:00', '19:30'], [4, '18:00', '19:30'], [6, '09:00', '12:00']], positions: [coach('Football'), matchday(), treasurer()] },
  { owner: 'Tom Okafor', email: 'tom@northgaterugby.example', name: 'Northgate Rugby Club', status: 'approved', verified: true, category: 'Rugby', city: 'Leeds', description: 'Friendly rugby union club with senior, women’s and mini rugby sections.', phone: '0113 496 0456', sessions: [[2, '19:00', '21:00'], [7, '10:00', '12:00']], positions: [coach('Rugby'), matchday(false)] },
  { owner: 'Priya Sharma', email: 'priya@oakleycricket.example', name: 'Oakley Cricket Club', status: 'approved', category: 'Cricket', city: 'Oxford', description: 'Village cricket with Saturday league sides, a Sunday friendly XI and junior nets.', sessions: [[3, '18:00', '20:00']], positions: [coach('Cricket'), { title: 'Scorer', description: 'Keep the score book for Saturday league matches; training given.', timeCommitment: 'Saturday afternoons', live: true }] },
  { owner: 'James Holloway', email: 'james@parksidetennis.example', name: 'Parkside Tennis Club', status: 'approved', verified: true, category: 'Tennis', city: 'Bristol', description: 'Six floodlit courts, social tennis every evening and coaching for every level.', website: 'https://parksidetennis.example', sessions: [[1, '18:00', '21:00'], [3, '18:00', '21:00'], [6, '10:00', '13:00']], positions: [coach('Tennis', false), treasurer(true)] },
  { owner: 'Megan Lewis', email: 'megan@dolphinsswim.example', name: 'Dolphins Swimming Club', status: 'approved', category: 'Swimming', city: 'Cardiff', description: 'Competitive and learn-to-swim squads at the leisure centre pool.', sessions: [[1, '06:00', '07:30'], [5, '17:30', '19:00']], positions: [{ title: 'Poolside Helper', description: 'Support coaches on the poolside during learn-to-swim sessions.', timeCommitment: '1 hour a week', live: true }] },
  { owner: 'Daniel Reyes', email: 'daniel@harriers.example', name: 'Valley Harriers Athletics', status: 'approved', category: 'Athletics', city: 'Sheffield', description: 'Track, field and cross-country for juniors and seniors; beginners welcome.', sessions: [[2, '18:30', '20:00'], [4, '18:30', '20:00']], positions: [matchday(), coach('Athletics')] },
  { owner: 'Chloe Bennett', email: 'chloe@wheelers.example', name: 'Town Wheelers Cycling Club', status: 'pending', category: 'Cycling', city: 'Cambridge', description: 'Weekend club rides at social and brisk paces, plus a winter turbo league.', sessions: [], positions: [] },
  { owner: 'Amir Haddad', email: 'amir@shuttlers.example', name: 'Shuttlers Badminton Club', status: 'pending', category: 'Badminton', city: 'Leicester', description: 'Badminton club night for improvers and league players.', sessions: [], positions: [] },
  { owner: 'Grace Kim', email: 'grace@hoops.example', name: 'Eastside Hoops Basketball', status: 'pending', category: 'Basketball', city: 'London', description: 'Basketball sessions for teenagers and adults in east London.', sessions: [], positions: [] },
  { owner: 'Oliver Grant', email: 'oliver@knights.example', name: 'Market Square Chess Club', status: 'approved', category: 'Chess', city: 'York', description: 'Weekly chess club with league teams, rapidplay evenings and coaching for juniors.', sessions: [[4, '19:00', '22:00']], positions: [{ title: 'Junior Chess Tutor', description: 'Teach openings and tactics to our junior members on Thursday evenings.', timeCommitment: '2 hours a week', live: true }] },
  { owner: 'Hannah Moore', email: 'hannah@netball.example', name: 'Meadow Netball Club', status: 'rejected', notes: 'Duplicate of an existing club registration.', category: 'Netball', city: 'Derby', description: 'Netball for all abilities.', sessions: [], positions: [] },
  { owner: 'Kenji Watanabe', email: 'kenji@dojo.example', name: 'Harbour Martial Arts Dojo', status: 'approved', category: 'Martial Arts', city: 'Plymouth', description: 'Karate and judo classes for children and adults in the harbour dojo.', sessions: [[1, '18:00', '19:00'], [3, '18:00', '19:00'], [6, '10:00', '11:30']], positions: [{ title: 'Dojo Assistant', description: 'Help instructors with warm-ups and kit for the children’s classes.', timeCommitment: '2 hours a week', live: true }, treasurer()] },
];

/** The required skills of a demo position, by its title. */
export function demoSkillsFor(title: string): string[] {
  if (/coach/i.test(title)) return ['Coaching', 'First aid', 'Safeguarding'];
  if (/treasurer/i.test(title)) return ['Bookkeeping', 'Spreadsheets'];
  if (/scorer/i.test(title)) return ['Scoring', 'Attention to detail'];
  if (/tutor/i.test(title)) return ['Teaching', 'Chess'];
  return ['Event support', 'Teamwork'];
}

/** [full name, email, town, skills, availability, bio] */
export const DEMO_VOLUNTEERS = [
  ['Ava Thompson', 'ava.thompson@volunteer.example', 'Bristol', ['Coaching', 'First aid'], ['Weekday evenings', 'Weekend mornings'], 'Former county player keen to help juniors enjoy the game.'],
  ['Noah Patel', 'noah.patel@volunteer.example', 'Leeds', ['Bookkeeping', 'Spreadsheets'], ['Flexible'], 'Accountant by day; happy to look after a club’s books.'],
  ['Isla Campbell', 'isla.campbell@volunteer.example', 'Oxford', ['Scoring', 'Event support'], ['Weekend afternoons'], 'Cricket lover who never misses a home match.'],
  ['Leo Nowak', 'leo.nowak@volunteer.example', 'Bristol', ['Event support', 'Teamwork'], ['Weekend mornings'], 'Student looking to give something back on match days.'],
  ['Mia Johnson', 'mia.johnson@volunteer.example', 'Cardiff', ['First aid', 'Safeguarding'], ['Weekday evenings'], 'Paramedic with a first-aid kit and free evenings.'],
  ['Ethan Clarke', 'ethan.clarke@volunteer.example', 'Sheffield', ['Coaching', 'Teamwork'], ['Weekday evenings', 'Weekend mornings'], 'Club runner for ten years; qualified leader in running fitness.'],
  ['Zara Ahmed', 'zara.ahmed@volunteer.example', 'York', ['Teaching', 'Chess'], ['Weekday evenings'], 'Primary teacher and keen chess player.'],
  ['Lucas Brown', 'lucas.brown@volunteer.example', 'Plymouth', ['Event support'], ['Flexible'], 'Retired and glad to help wherever a hand is needed.'],
] as const;

export interface DemoMeeting {
  title: string;
  /** Days from today. */
  inDays: number;
  time: string | null;
  location: string;
  agenda: string;
  minutes: string;
  status: 'upcoming' | 'completed' | 'cancelled';
  isPublic: boolean;
}

export const DEMO_MEETINGS: DemoMeeting[] = [
  { title: 'Quarterly Council Meeting', inDays: 14, time: '19:00', location: 'Town Hall, Committee Room 2', agenda: '<p>Welcome and apologies</p><ul><li>Facility bookings for the spring season</li><li>Grants for <strong>junior</strong> sport</li></ul>', minutes: '', status: 'upcoming', isPublic: true },
  { title: 'Annual General Meeting', inDays: 45, time: '18:30', location: 'Leisure Centre, Main Hall', agenda: '<p>Annual report, accounts and election of officers.</p>', minutes: '', status: 'upcoming', isPublic: true },
  { title: 'Pitch Allocation Working Group', inDays: 7, time: null, location: 'Online', agenda: '<p>Winter pitch allocations.</p>', minutes: '', status: 'upcoming', isPublic: false },
  { title: 'Autumn Council Meeting', inDays: -30, time: '19:00', location: 'Town Hall, Committee Room 2', agenda: '<p>Autumn fixtures and the volunteer awards.</p>', minutes: '<p>Volunteer awards agreed for <b>three</b> clubs.</p><ul><li>Next meeting in the new year</li></ul>', status: 'completed', isPublic: true },
  { title: 'Summer Sports Festival Planning', inDays: -120, time: '18:00', location: 'Riverside Pavilion', agenda: '<p>Festival programme and stewards.</p>', minutes: '<p>Programme approved; 40 stewards recruited.</p>', status: 'completed', isPublic: true },
  { title: 'Extraordinary Meeting on Facility Fees', inDays: -60, time: '19:30', location: 'Town Hall', agenda: '<p>Proposed facility fee changes.</p>', minutes: '', status: 'cancelled', isPublic: true },
];
