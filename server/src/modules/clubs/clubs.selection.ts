// What a query asks of the club directory, read from the operation before anything is loaded, so
// that the directory's one statement computes only that (the total, live-role counts, meeting
// times). Fragments are followed; @skip/@include are not read (a field they leave out is still
// computed, never missing).
import { Kind, type GraphQLResolveInfo, type SelectionSetNode } from 'graphql';

/** The fields asked for directly under each selection set, by name, with their own selection sets. */
function fieldsOf(info: GraphQLResolveInfo, sets: readonly SelectionSetNode[]): Map<string, SelectionSetNode[]> {
  const fields = new Map<string, SelectionSetNode[]>();
  const visit = (set: SelectionSetNode) => {
    for (const selection of set.selections) {
      if (selection.kind === Kind.FIELD) {
        const under = fields.get(selection.name.value) ?? [];
        if (selection.selectionSet) under.push(selection.selectionSet);
        fields.set(selection.name.value, under);
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        visit(selection.selectionSet);
      } else {
        const fragment = info.fragments[selection.name.value];
        if (fragment) visit(fragment.selectionSet);
      }
    }
  };
  sets.forEach(visit);
  return fields;
}

/** The connection's fields (`totalCount`, `edges`, …) and its items' (through `nodes` and `edges.node`). */
export function selectedFields(info: GraphQLResolveInfo): { fields: Set<string>; cardFields: Set<string> } {
  const top = fieldsOf(
    info,
    info.fieldNodes.flatMap((node) => (node.selectionSet ? [node.selectionSet] : [])),
  );
  const edges = fieldsOf(info, top.get('edges') ?? []);
  const cards = fieldsOf(info, [...(top.get('nodes') ?? []), ...(edges.get('node') ?? [])]);
  return { fields: new Set(top.keys()), cardFields: new Set(cards.keys()) };
}
