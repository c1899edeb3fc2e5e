import type { CodegenConfig } from '@graphql-codegen/cli';
// The preset itself rather than its name: the CLI resolves a name from its own dependencies (a
// client preset older than the project's), and the schema test and `npm run codegen` must make
// the same files.
import * as clientPreset from '@graphql-codegen/client-preset';

const config: CodegenConfig = {
  schema: 'schema.graphql',
  documents: ['web/src/**/*.graphql'],
  ignoreNoDocuments: true,
  generates: {
    'web/src/gql/': {
      // (Its types come from a newer plugin-helpers than the CLI's: the same shape, another copy.)
      preset: clientPreset.preset as never,
      presetConfig: { fragmentMasking: false },
      config: { enumsAsTypes: true, useTypeImports: true, scalars: { DateTime: 'string', Date: 'string', LocalTime: 'string' } },
    },
  },
};
export default config;
