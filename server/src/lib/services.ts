// The services of every domain, as one object made once per process (app/services.ts) and handed to
// GraphQL (the context), REST routes and workers. Empty here, because a foundation knows no module:
// each module adds its own entries by declaration merging, next to the class it adds, e.g.
//
//   declare module '../../lib/services.js' {
//     interface Services {
//       clubs: ClubsService;
//     }
//   }
//
// so the type is complete wherever the composition root is compiled in, and app/services.ts fails
// to compile if it leaves one out (docs/ARCHITECTURE.md, 'Layers').
export interface Services {}
