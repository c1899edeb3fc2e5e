// graphql's parser, for the offline queue's replay (offline-replay.ts) alone: a stored mutation is
// kept as its text and parsed again when it runs. Loaded then, in its own chunk: no page needs the
// parser (Apollo sends the generated documents as they are), so no page downloads it.
export { parse } from 'graphql';
