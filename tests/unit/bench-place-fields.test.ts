// npm run bench (issue 30, "Measured": opportunities with places left): the opportunities browser's
// scenario asks every card for its places, whether or not the web's card asks for them yet.
import { Kind, parse, type FragmentDefinitionNode } from 'graphql';
import { describe, expect, it } from 'vitest';
import { PLACE_FIELDS, runScenarios, withPlaceFields } from '../../bench/run-scenarios.js';

const fieldsOf = (document: string, fragment: string) => {
  const node = parse(document).definitions.find((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION && d.name.value === fragment);
  return node?.selectionSet.selections.flatMap((s) => (s.kind === Kind.FIELD ? [s.name.value] : [])) ?? [];
};

describe('npm run bench: the opportunities cards with their places', () => {
  it("adds placesLeft, placesFilled, waitlistLength and joinsWaitlist to the card's fragment, each once", () => {
    const card = `query Q { opportunities(first: 24) { edges { node { ...Card } } } }
      fragment Card on VolunteerPosition { id title placesLeft __typename }`;
    const fields = fieldsOf(withPlaceFields(card), 'Card');
    for (const f of PLACE_FIELDS) expect(fields.filter((x) => x === f)).toHaveLength(1);
    expect(fields.slice(0, 4)).toEqual(['id', 'title', 'placesLeft', '__typename']);
  });

  it('refuses a document without a card (a fragment on VolunteerPosition)', () => {
    expect(() => withPlaceFields('query Q { clubs(first: 1) { totalCount } }')).toThrow(/no fragment on VolunteerPosition/);
  });

  it("the opportunities search scenario asks each of the web's cards for them", () => {
    const scenario = runScenarios({ longThreadPartner: '00000000-0000-4000-8000-000000000001', signInEmail: 'x@example.test', sessionsClub: '00000000-0000-4000-8000-000000000002' }).find((s) =>
      s.name.startsWith('opportunities search'),
    );
    expect(scenario?.name).toContain('(with places left)');
    const fields = fieldsOf(scenario!.graphql!.query, 'VolunteerOpportunityCard_position');
    for (const f of PLACE_FIELDS) expect(fields).toContain(f);
  });
});
